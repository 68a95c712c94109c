// The ring in the user's drawer: the user's ring with every member picked, and "Enforce on the
// ring" for the whole of it or the members picked. After an enforcement the ring is read again,
// so the graph and the table show the new standings.
import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { useMayDo } from '../../stores/admin-role.js';
import { accountsCount, pickedInOrder } from './ring-enforcement.js';
import { RingEnforcementDialog } from './RingEnforcementDialog.js';
import { RingView } from './RingView.js';
import { useRing } from './useRing.js';

export function RingSection({ userId, onOpenUser }: { userId: string; onOpenUser?: (id: string) => void }) {
  const mayEnforce = useMayDo('enforceRing');
  const { ring, failed, reload } = useRing(userId);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const [enforcing, setEnforcing] = useState(false);
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
      {mayEnforce && (
        <div className="button-row ring-actions">
          <Button icon="hand" intent="warning" disabled={ids.length === 0} onClick={() => setEnforcing(true)}>
            Enforce on {ids.length === ring.members.length ? 'the ring' : accountsCount(ids.length)}
          </Button>
        </div>
      )}
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
