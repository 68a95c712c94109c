// The ring in the user's drawer: the user's ring with every member picked, "Enforce on the ring"
// for the whole of it or the members picked, and "Block the ring's identifiers" (always the whole
// ring: the route walks it again). After an enforcement the ring is read again, so the graph and
// the table show the new standings.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useMayDo } from '../../stores/admin-role.js';
import { accountsCount, pickedInOrder } from './ring-enforcement.js';
import { RingBlockDialog } from './RingBlockDialog.js';
import { RingEnforcementDialog } from './RingEnforcementDialog.js';
import { RingView } from './RingView.js';
import { useRing } from './useRing.js';

export function RingSection({ userId, onOpenUser }: { userId: string; onOpenUser?: (id: string) => void }) {
  const mayEnforce = useMayDo('enforceRing');
  const mayBlock = useMayDo('blockRing');
  const { ring, failed, reload } = useRing(userId);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [enforcing, setEnforcing] = useState(false);
  const [blocking, setBlocking] = useState(false);
  useEffect(() => setPicked(new Set(ring?.members.map((member) => member.id) ?? [])), [ring]);
  if (failed) return <NonIdealState icon="error" title="Could not load the ring" description={failed} />;
  if (!ring) return <Spinner size={20} aria-label="Loading ring" />;
  if (ring.members.length === 1) return <p className="muted section-empty">No linked accounts: a ring of one.</p>;
  const ids = pickedInOrder(ring.members, picked);
  return (
    <>
      <RingView
        ring={ring}
        focusId={userId}
        picked={picked}
        onPicked={setPicked}
        {...(onOpenUser ? { onOpenUser } : {})}
      />
      {(mayEnforce || mayBlock) && (
        <div className="button-row ring-actions">
          {mayEnforce && (
            <Button icon="hand" intent="warning" disabled={ids.length === 0} onClick={() => setEnforcing(true)}>
              Enforce on {ids.length === ring.members.length ? 'the ring' : accountsCount(ids.length)}
            </Button>
          )}
          {mayBlock && (
            <Button icon="disable" onClick={() => setBlocking(true)}>
              Block the ring's identifiers…
            </Button>
          )}
        </div>
      )}
      {mayBlock && <RingBlockDialog userId={userId} ring={ring} isOpen={blocking} onClose={() => setBlocking(false)} />}
      {mayEnforce && (
        <RingEnforcementDialog
          members={ring.members.filter((member) => picked.has(member.id))}
          ringImpact={ring.impact}
          whole={ids.length === ring.members.length}
          isOpen={enforcing}
          onClose={() => setEnforcing(false)}
          onEnforced={() => void reload()}
        />
      )}
    </>
  );
}
