// "Block the ring's identifiers": one step that blocks every hard identifier of every member of the
// ring (POST /admin/users/{id}/ring/block). The route has no preview, so the dialog says first what
// will be blocked: the accounts, the kinds of identifier, what links them, what is left out and the
// live auctions a trade or no-access block would freeze (asked once more before saving).
import { Button, Callout, Dialog, DialogBody, DialogFooter, Tag } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Ring } from '../../../shared/contract/rings.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { formatCount } from '../../components/format.js';
import { memberLabel } from '../../components/ring-graph/index.js';
import { ReasonAndExpiryFields, SeverityField } from '../blocks/BlockTermsFields.js';
import {
  EMPTY_RING_BLOCK_FORM,
  ringBlockBodyOf,
  ringBlockFreezes,
  ringBlockOutcome,
  ringBlockedKindsText,
  ringLinksText,
  type RingBlockForm,
} from './ring-block.js';
import { accountsCount } from './ring-enforcement.js';

function RingBlockSummary({ ring }: { ring: Ring }) {
  const linked = ringLinksText(ring);
  return (
    <section aria-label="What will be blocked" className="ring-block-summary">
      <p>
        Blocks every {ringBlockedKindsText()} of these {accountsCount(ring.members.length)}:
      </p>
      <p className="ring-enforce-who" aria-label="Accounts">
        {ring.members.map((member) => (
          <Tag key={member.id} minimal className="ring-enforce-member">
            {memberLabel(member)}
          </Tag>
        ))}
      </p>
      {linked && <p>Linked through: {linked}.</p>}
      <p className="muted">
        Sign-in IPs and email domains are left out (strangers share them): block those one at a time from Blocks. An
        identifier already blocked keeps its block.
      </p>
    </section>
  );
}

export function RingBlockDialog({
  userId,
  ring,
  isOpen,
  onClose,
}: {
  /** The account the ring is read from: the route walks the same ring from it. */
  userId: string;
  ring: Ring;
  isOpen: boolean;
  onClose: () => void;
}) {
  const [form, setForm] = useState<RingBlockForm>(EMPTY_RING_BLOCK_FORM);
  const [error, setError] = useState<string | null>(null);
  /** Save was pressed once while live auctions would freeze: the next press confirms. */
  const [confirming, setConfirming] = useState(false);
  const saving = useAdminAction();
  useEffect(() => {
    if (!isOpen) return;
    setForm(EMPTY_RING_BLOCK_FORM);
    setError(null);
    setConfirming(false);
  }, [isOpen]);

  const set = (patch: Partial<RingBlockForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setError(null);
    setConfirming(false);
  };
  const frozen = ringBlockFreezes(ring, form.severity);
  const save = async () => {
    const checked = ringBlockBodyOf(form, new Date());
    if (!checked.ok) return setError(checked.message);
    if (frozen > 0 && !confirming) return setConfirming(true);
    const done = await saving.run(() => market.admin.users.ringBlock({ params: { id: userId }, body: checked.body }), {
      success: (result) => ringBlockOutcome(result.created),
      failure: (failure) => {
        setError(failure.message);
        return `Failed to block the ring's identifiers: ${failure.message}`;
      },
    });
    if (done) onClose();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={`Block the ring's identifiers: ${accountsCount(ring.members.length)}`}
      style={{ width: 640 }}
    >
      <DialogBody>
        <RingBlockSummary ring={ring} />
        <SeverityField idPrefix="ring-block" severity={form.severity} onChange={set} />
        <ReasonAndExpiryFields idPrefix="ring-block" terms={form} onChange={set} />
        {confirming && (
          <Callout intent="warning" title="Live auctions would freeze" role="alert">
            The ring has {formatCount(frozen)} live {frozen === 1 ? 'auction' : 'auctions'} that this block would
            freeze. Block anyway, or Cancel.
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
            <Button intent={confirming ? 'danger' : 'primary'} loading={saving.busy} onClick={() => void save()}>
              {confirming ? 'Block anyway' : "Block the ring's identifiers"}
            </Button>
          </>
        }
      />
    </Dialog>
  );
}
