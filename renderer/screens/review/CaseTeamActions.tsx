// A case's team actions in its drawer: assign it to another admin, picked from the admins whose
// role may work cases (each with their role; online first: they have the back office open now), and
// escalate it with a note.
import { Button, FormGroup, InputGroup, MenuItem, Tag } from '@blueprintjs/core';
import { Select, type ItemRenderer } from '@blueprintjs/select';
import '@blueprintjs/select/lib/css/blueprint-select.css';
import { useEffect, useState } from 'react';
import type { ReviewCase } from '../../../shared/contract/review-cases.js';
import type { Assignee } from '../../../shared/contract/review-team.js';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { market } from '../../bridge.js';

const nameOf = (assignee: Assignee) => assignee.email ?? assignee.uid;

const renderAssignee: ItemRenderer<Assignee> = (assignee, { handleClick, handleFocus, modifiers }) =>
  modifiers.matchesPredicate ? (
    <MenuItem
      key={assignee.uid}
      roleStructure="listoption"
      active={modifiers.active}
      disabled={modifiers.disabled}
      text={nameOf(assignee)}
      // A long address reads whole (wrapping) rather than cut by the menu's width.
      multiline
      label={`${assignee.role} · ${assignee.online ? 'online' : 'offline'}`}
      labelClassName={assignee.online ? 'review-assignee-online' : 'muted'}
      onClick={handleClick}
      onFocus={handleFocus}
    />
  ) : null;

export function CaseTeamActions({
  item,
  busy,
  act,
}: {
  item: ReviewCase;
  busy: boolean;
  act: (what: string, failure: string, call: () => Promise<ApiResult<ReviewCase>>) => Promise<void>;
}) {
  const [assignees, setAssignees] = useState<Assignee[] | null>(null);
  const [chosen, setChosen] = useState<Assignee | null>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    // Asked each time a case opens: who is online changes through the shift.
    void market.admin.reviewCases.assignees().then((result) => setAssignees(result.ok ? result.data.items : []));
  }, [item.id]);
  const assign = (to: Assignee) =>
    void act('Case assigned', 'Failed to assign the case', () =>
      market.admin.reviewCases.assign({ params: { id: item.id }, body: { uid: to.uid } }),
    );
  // The current assignee is not offered: assigning to them changes nothing.
  const offered = (assignees ?? []).filter((assignee) => assignee.uid !== item.assignee?.uid);
  return (
    <div className="review-team-actions" role="group" aria-label="Assign and escalate">
      <FormGroup label="Assign to" labelFor="review-assignee">
        <div className="review-assign">
          <Select<Assignee>
            items={offered}
            // Not filterable: Blueprint's filterable trigger carries ARIA attributes without a role.
            filterable={false}
            itemRenderer={renderAssignee}
            onItemSelect={setChosen}
            activeItem={chosen}
            noResults={
              <MenuItem roleStructure="listoption" disabled text={assignees ? 'No admin to assign' : 'Loading…'} />
            }
            popoverProps={{ minimal: true, placement: 'bottom-start' }}
            popoverTargetProps={{ 'aria-label': `Assign to: ${chosen ? nameOf(chosen) : 'Choose an admin'}` }}
          >
            <Button
              id="review-assignee"
              size="small"
              endIcon="caret-down"
              text={chosen ? nameOf(chosen) : 'Choose an admin'}
              disabled={busy}
            />
          </Select>
          {chosen && (
            <Tag minimal intent={chosen.online ? 'success' : 'none'}>
              {chosen.role} · {chosen.online ? 'online' : 'offline'}
            </Tag>
          )}
          <Button size="small" disabled={busy || !chosen} onClick={() => chosen && assign(chosen)}>
            Assign
          </Button>
        </div>
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
