// A case's team actions in its drawer: assign it to another admin (by uid; the admins who already
// hold cases are offered) and escalate it with a note.
import { Button, FormGroup, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { market } from '../../bridge.js';

export function CaseTeamActions({
  item,
  knownAdmins,
  busy,
  act,
}: {
  item: ReviewCase;
  /** Admins seen holding cases: uid and email. */
  knownAdmins: { uid: string; email: string | null }[];
  busy: boolean;
  act: (what: string, failure: string, call: () => Promise<ApiResult<ReviewCase>>) => Promise<void>;
}) {
  const [uid, setUid] = useState('');
  const [note, setNote] = useState('');
  const assign = (to: string) =>
    void act('Case assigned', 'Failed to assign the case', () =>
      market.admin.reviewCases.assign({ params: { id: item.id }, body: { uid: to.trim() } }),
    );
  return (
    <div className="review-team-actions" role="group" aria-label="Assign and escalate">
      <FormGroup label="Assign to (admin uid)" labelFor="review-assign-uid">
        <InputGroup
          id="review-assign-uid"
          list="review-known-admins"
          value={uid}
          maxLength={128}
          onValueChange={setUid}
          rightElement={
            <Button size="small" disabled={busy || !uid.trim()} onClick={() => assign(uid)}>
              Assign
            </Button>
          }
        />
        <datalist id="review-known-admins">
          {knownAdmins.map((admin) => (
            <option key={admin.uid} value={admin.uid}>
              {admin.email ?? admin.uid}
            </option>
          ))}
        </datalist>
      </FormGroup>
      <FormGroup label="Escalation reason" labelFor="review-escalate-note">
        <InputGroup
          id="review-escalate-note"
          value={note}
          maxLength={2000}
          onValueChange={setNote}
          rightElement={
            <Button
              size="small"
              intent="warning"
              disabled={busy || !note.trim() || item.escalated}
              onClick={() =>
                void act('Case escalated', 'Failed to escalate the case', () =>
                  market.admin.reviewCases.escalate({ params: { id: item.id }, body: { note: note.trim() } }),
                )
              }
            >
              Escalate
            </Button>
          }
        />
      </FormGroup>
    </div>
  );
}
