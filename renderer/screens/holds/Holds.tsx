// Holds on a listing or on an order's payout: the hold shown as a tag (why, since when, by whom),
// and the button that places it (with a reason) or releases it. The server answers the record
// with its hold, which replaces the drawer's copy; the record's timeline shows the hold too.
import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import type { Hold } from '../../../shared/contract/entities.js';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { formatDateTime } from '../../components/format.js';
import './holds.css';

export function HoldTag({ hold, what }: { hold: Hold | null; what: string }) {
  if (!hold) return null;
  return (
    <Tag intent="warning" icon="pause" large className="hold-tag" title={`Held since ${formatDateTime(hold.since)}`}>
      {what} on hold: {hold.reason} · since {formatDateTime(hold.since)} · by {hold.admin.email || hold.admin.uid}
    </Tag>
  );
}

export interface HoldWords {
  /** 'Hold listing', 'Hold payout'. */
  hold: string;
  /** 'Release hold', 'Release payout'. */
  release: string;
  /** 'Listing held', 'Payout held'. */
  held: string;
  /** 'Hold released', 'Payout released'. */
  released: string;
}

export function HoldButton<T>({
  hold,
  words,
  place,
  lift,
  onChange,
}: {
  hold: Hold | null;
  words: HoldWords;
  place: (reason: string) => Promise<ApiResult<T>>;
  lift: () => Promise<ApiResult<T>>;
  onChange: (record: T) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const acting = useAdminAction();
  const placeHold = async () => {
    const record = await acting.run(() => place(reason.trim()), {
      success: words.held,
      failure: `Failed to ${words.hold.toLowerCase()}`,
    });
    if (!record) return;
    setAsking(false);
    setReason('');
    onChange(record);
  };
  const release = async () => {
    const record = await acting.run(lift, {
      success: words.released,
      failure: `Failed to ${words.release.toLowerCase()}`,
    });
    if (record) onChange(record);
  };
  return (
    <>
      {hold ? (
        <Button icon="play" loading={acting.busy} onClick={() => void release()}>
          {words.release}
        </Button>
      ) : (
        <Button icon="pause" intent="warning" onClick={() => setAsking(true)}>
          {words.hold}
        </Button>
      )}
      <Dialog isOpen={asking} onClose={() => setAsking(false)} title={words.hold} style={{ width: 460 }}>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) void placeHold();
          }}
        >
          <DialogBody>
            <FormGroup label="Reason" labelFor="hold-reason" helperText="Shown on the record and in its timeline">
              <InputGroup id="hold-reason" autoFocus value={reason} maxLength={500} onValueChange={setReason} />
            </FormGroup>
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button onClick={() => setAsking(false)}>Cancel</Button>
                <Button type="submit" intent="warning" loading={acting.busy} disabled={!reason.trim()}>
                  {words.hold}
                </Button>
              </>
            }
          />
        </form>
      </Dialog>
    </>
  );
}
