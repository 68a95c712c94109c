// An auction-integrity case's remedies, in the order a moderator takes them: see the suspects'
// ring, void the ring's bids on the auction (previewed: the auction before and after), enforce
// on the ring (previewed: the summed impact), block the ring's identifiers so it cannot come back
// under new accounts, then resolve the case with the form below it.
import { Button, H5, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useEffect, useState, type ReactNode } from 'react';
import type { ReviewCaseWithEvidence } from '../../../shared/contract/review-cases.js';
import { useMayDo } from '../../stores/admin-role.js';
import { useRecordDrawers } from '../accountability/RecordDrawers.js';
import { BidLadder } from '../bid-ladder/index.js';
import {
  accountsCount,
  pickedInOrder,
  RingBlockDialog,
  RingEnforcementDialog,
  RingView,
  useRing,
} from '../rings/index.js';
import { ringAccountOf, suspectsOf } from './case-ring.js';

function Step({
  number,
  title,
  done,
  children,
}: {
  number: number;
  title: string;
  done?: boolean;
  children: ReactNode;
}) {
  return (
    <section className="case-step" aria-label={title}>
      <H5 className="case-step-title">
        <span className="case-step-number">{number}</span>
        {title}
        {done && (
          <Tag intent="success" minimal icon="tick">
            done
          </Tag>
        )}
      </H5>
      {children}
    </section>
  );
}

export function RingCaseFlow({ item }: { item: ReviewCaseWithEvidence }) {
  const records = useRecordDrawers();
  const onOpenUser = (id: string) => records.open({ type: 'user', id });
  const mayEnforce = useMayDo('enforceRing');
  const mayBlock = useMayDo('blockRing');
  const suspects = suspectsOf(item.evidence.details);
  const ringAccount = ringAccountOf(item.subjectUser?.id ?? null, suspects);
  const { ring, failed, reload } = useRing(ringAccount);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [voided, setVoided] = useState(false);
  const [enforced, setEnforced] = useState(false);
  const [enforcing, setEnforcing] = useState(false);
  const [blocking, setBlocking] = useState(false);
  useEffect(() => setPicked(new Set(ring?.members.map((member) => member.id) ?? [])), [ring]);
  const listingId = item.subjectType === 'listing' ? item.subjectId : null;
  const scores = new Map(suspects.map((suspect) => [suspect.id, suspect.score]));

  if (failed) return <NonIdealState icon="error" title="Could not load the ring" description={failed} />;
  if (!ring) return <Spinner size={20} aria-label="Loading ring" />;
  const ids = pickedInOrder(ring.members, picked);
  const ringIds = ring.members.map((member) => member.id);
  return (
    <div className="case-ring-flow">
      <Step number={1} title={`The suspects' ring: ${accountsCount(ring.members.length)}`}>
        <RingView
          ring={ring}
          focusId={item.subjectUser?.id ?? null}
          picked={picked}
          onPicked={setPicked}
          onOpenUser={onOpenUser}
          marks={{
            label: 'Suspect score',
            of: (id) => {
              const score = scores.get(id);
              return score === undefined ? null : score === null ? 'suspect' : score.toFixed(2);
            },
          }}
        />
      </Step>
      {listingId && (
        <Step number={2} title="Void the ring's bids" done={voided}>
          <BidLadder listingId={listingId} ringIds={ringIds} pickRingFirst onVoided={() => setVoided(true)} />
        </Step>
      )}
      <Step number={listingId ? 3 : 2} title="Enforce on the ring" done={enforced}>
        {mayEnforce ? (
          <>
            <p className="muted">The picked members above; the summed impact is shown before anything is applied.</p>
            <Button icon="hand" intent="warning" disabled={ids.length === 0} onClick={() => setEnforcing(true)}>
              Enforce on {ids.length === ring.members.length ? 'the ring' : accountsCount(ids.length)}…
            </Button>
            <RingEnforcementDialog
              members={ring.members.filter((member) => picked.has(member.id))}
              ringImpact={ring.impact}
              whole={ids.length === ring.members.length}
              isOpen={enforcing}
              onClose={() => setEnforcing(false)}
              onEnforced={() => {
                setEnforced(true);
                void reload();
              }}
            />
          </>
        ) : (
          <p className="muted">Your role may not enforce on accounts.</p>
        )}
      </Step>
      {mayBlock && ringAccount && (
        <Step number={listingId ? 4 : 3} title="Block the ring's identifiers">
          <p className="muted">
            Keeps the ring from coming back under new accounts: its cards, phones, devices and the rest.
          </p>
          <Button icon="disable" onClick={() => setBlocking(true)}>
            Block the ring's identifiers…
          </Button>
          <RingBlockDialog userId={ringAccount} ring={ring} isOpen={blocking} onClose={() => setBlocking(false)} />
        </Step>
      )}
      <p className="muted case-step-last">Then resolve the case below.</p>
      {records.drawers}
    </div>
  );
}
