// Settings › Seller levels: what each level does (payout hold days after delivery, the active-listing
// cap), edited by the owner. A change is previewed first (what it would do to the sellers at each
// level now) and saved only as previewed; editing the form again asks for a new preview.
import { Button, Callout, Card, H4, HTMLTable, InputGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { EditLevelEffects } from '../../../shared/contract/admin-seller-standing-routes.js';
import { mayDo } from '../../../shared/contract/admin-permissions.js';
import { SELLER_LEVELS, type SellerLevel } from '../../../shared/rules/seller-level.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { useSession } from '../../stores/session-store.js';
import { LEVEL_LABELS } from '../seller-standing/standing-text.js';
import { draftOf, editOf, type EffectsDraft, previewLines } from './level-effects-draft.js';
import './settings.css';

export function SellerLevelSettings() {
  const role = useSession((s) => s.user?.adminRole ?? null);
  const manage = mayDo(role, 'manageLevelEffects');
  const [draft, setDraft] = useState<EffectsDraft | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [previewed, setPreviewed] = useState<{ edit: EditLevelEffects; lines: string[] } | null>(null);
  const acting = useAdminAction();
  useEffect(() => {
    if (!mayDo(role, 'viewLevelEffects')) return;
    void market.admin.sellerLevels.effects().then((result) => {
      if (result.ok) setDraft(draftOf(result.data));
      else setFailed(result.error.message || "The levels' effects could not be loaded");
    });
  }, [role]);
  if (!mayDo(role, 'viewLevelEffects')) return null;
  const checked = draft ? editOf(draft) : null;
  const change = (level: SellerLevel, field: 'payoutHoldDays' | 'activeListingCap', value: string) => {
    if (!draft) return;
    setDraft({ ...draft, [level]: { ...draft[level], [field]: value } });
    setPreviewed(null);
  };
  const preview = async () => {
    if (!checked || !('edit' in checked)) return;
    const { edit } = checked;
    const answer = await acting.run(() => market.admin.sellerLevels.previewEffects({ body: edit }), {
      failure: 'Failed to preview the change',
    });
    if (answer) setPreviewed({ edit, lines: previewLines(answer) });
  };
  const save = async () => {
    if (!previewed) return;
    const saved = await acting.run(() => market.admin.sellerLevels.updateEffects({ body: previewed.edit }), {
      success: 'Seller levels saved',
      failure: 'Failed to save the seller levels',
    });
    if (saved) {
      setDraft(draftOf(saved));
      setPreviewed(null);
    }
  };
  return (
    <Card className="settings-card seller-level-settings" role="region" aria-label="Seller level settings">
      <H4>Seller levels</H4>
      <p className="muted">
        What each level does: a payout waits its hold days after delivery; a seller at the cap cannot list another item
        until one ends or sells.
      </p>
      {failed && (
        <Callout intent="danger" compact>
          {failed}
        </Callout>
      )}
      {draft && (
        <HTMLTable compact aria-label="Seller level effects">
          <thead>
            <tr>
              <th>Level</th>
              <th>Payout hold (days)</th>
              <th>Active listing cap</th>
            </tr>
          </thead>
          <tbody>
            {SELLER_LEVELS.map((level) => (
              <tr key={level}>
                <td>{LEVEL_LABELS[level]}</td>
                <td>
                  <InputGroup
                    size="small"
                    inputMode="numeric"
                    aria-label={`${LEVEL_LABELS[level]} payout hold days`}
                    value={draft[level].payoutHoldDays}
                    readOnly={!manage}
                    onValueChange={(value) => change(level, 'payoutHoldDays', value)}
                  />
                </td>
                <td>
                  <InputGroup
                    size="small"
                    inputMode="numeric"
                    placeholder="No cap"
                    aria-label={`${LEVEL_LABELS[level]} active listing cap`}
                    value={draft[level].activeListingCap}
                    readOnly={!manage}
                    onValueChange={(value) => change(level, 'activeListingCap', value)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {manage && checked && 'problem' in checked && (
        <Callout intent="warning" compact>
          {checked.problem}
        </Callout>
      )}
      {previewed && (
        <Callout intent="primary" compact aria-label="Preview of the change">
          {previewed.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Callout>
      )}
      {manage && draft && (
        <div className="macro-form-actions">
          <Button
            text="Preview change"
            disabled={!checked || 'problem' in checked || acting.busy}
            onClick={() => void preview()}
          />
          <Button intent="primary" text="Save" disabled={!previewed || acting.busy} onClick={() => void save()} />
        </div>
      )}
    </Card>
  );
}
