// The block dialog: kind, value, severity, reason and an optional expiry. "Preview" asks the API
// what the block would touch now (accounts with a sample, their listings, the auctions they lead,
// bids, orders, payouts); Save creates it, after a confirmation when live auctions would freeze.
// The server's refusal (an invalid value, a duplicate) stays in the dialog and in a toast.
import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Tag,
} from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Block, BlockKind, BlockPreview } from '../../../shared/contract/blocks.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { formatCount } from '../../components/format.js';
import {
  blockBodyOf,
  EMPTY_BLOCK_FORM,
  freezesLiveAuctions,
  KIND_LABELS,
  KIND_OPTIONS,
  KIND_PLACEHOLDERS,
  previewFacts,
  type BlockForm,
} from './blocks-display.js';
import { ReasonAndExpiryFields, SeverityField } from './BlockTermsFields.js';

function PreviewTable({ preview }: { preview: BlockPreview }) {
  const more = preview.accounts - preview.sample.length;
  return (
    <section aria-label="Preview" className="block-preview">
      <dl className="block-preview-facts">
        {previewFacts(preview).map((fact) => (
          <div key={fact.label} className="block-preview-fact">
            <dt>{fact.label}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </dl>
      {preview.sample.length > 0 && (
        <p aria-label="Matched accounts" className="block-preview-sample">
          {preview.sample.map((account) => (
            <Tag key={account.id} minimal>
              {account.userName ?? account.id}
            </Tag>
          ))}
          {more > 0 && <span> and {formatCount(more)} more</span>}
        </p>
      )}
    </section>
  );
}

export function BlockDialog({
  isOpen,
  onClose,
  onCreated,
}: {
  isOpen: boolean;
  onClose: () => void;
  onCreated: (block: Block) => void;
}) {
  const [form, setForm] = useState<BlockForm>(EMPTY_BLOCK_FORM);
  const [preview, setPreview] = useState<BlockPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Save was pressed once with live auctions in the preview: the next press confirms. */
  const [confirming, setConfirming] = useState(false);
  const previewing = useAdminAction();
  const saving = useAdminAction();
  useEffect(() => {
    if (!isOpen) return;
    setForm(EMPTY_BLOCK_FORM);
    setPreview(null);
    setError(null);
    setConfirming(false);
  }, [isOpen]);

  const set = (patch: Partial<BlockForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
    setConfirming(false);
    // A preview is of the kind, value and severity it was asked for; a change makes it stale.
    if ('kind' in patch || 'value' in patch || 'severity' in patch) setPreview(null);
  };

  const runPreview = async () => {
    const checked = blockBodyOf({ ...form, reason: form.reason || '-' }, new Date());
    if (!checked.ok) return setError(checked.message);
    const { kind, value, severity } = checked.body;
    const answer = await previewing.run(() => market.admin.blocks.preview({ body: { kind, value, severity } }), {
      failure: (failure) => {
        setError(failure.message);
        return `Failed to preview the block: ${failure.message}`;
      },
    });
    if (answer) setPreview(answer);
  };

  const save = async () => {
    const checked = blockBodyOf(form, new Date());
    if (!checked.ok) return setError(checked.message);
    if (freezesLiveAuctions(preview, form.severity) && !confirming) return setConfirming(true);
    const created = await saving.run(() => market.admin.blocks.create({ body: checked.body }), {
      success: (block) => `${KIND_LABELS[block.kind]} blocked`,
      failure: (failure) => {
        setError(failure.message);
        return `Failed to create the block: ${failure.message}`;
      },
    });
    if (!created) return;
    onCreated(created);
    onClose();
  };

  const frozen = confirming && preview ? preview.liveAuctionsLed : 0;
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title="Block an identifier" style={{ width: 600 }}>
      <DialogBody>
        <div className="block-form-row">
          <FormGroup label="Kind" labelFor="block-kind">
            <HTMLSelect
              id="block-kind"
              value={form.kind}
              onChange={(event) => set({ kind: event.currentTarget.value as BlockKind })}
              options={KIND_OPTIONS}
            />
          </FormGroup>
          <SeverityField idPrefix="block" severity={form.severity} onChange={set} />
        </div>
        <FormGroup label="Value" labelFor="block-value">
          <InputGroup
            id="block-value"
            value={form.value}
            onValueChange={(value) => set({ value })}
            placeholder={KIND_PLACEHOLDERS[form.kind]}
            maxLength={200}
          />
        </FormGroup>
        <ReasonAndExpiryFields idPrefix="block" terms={form} onChange={set} />
        {preview && <PreviewTable preview={preview} />}
        {frozen > 0 && (
          <Callout intent="warning" title="Live auctions would freeze" role="alert">
            The matched accounts have {formatCount(frozen)} live {frozen === 1 ? 'auction' : 'auctions'} that this block
            would freeze. Block anyway, or Cancel.
          </Callout>
        )}
        {error && (
          <Callout intent="danger" compact role="alert">
            {error}
          </Callout>
        )}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>Cancel</Button>
            <Button loading={previewing.busy} onClick={() => void runPreview()}>
              Preview
            </Button>
            <Button intent={confirming ? 'danger' : 'primary'} loading={saving.busy} onClick={() => void save()}>
              {confirming ? 'Block anyway' : 'Save'}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
