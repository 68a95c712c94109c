// Resolving the picked cases at once: one dialog, one confirm, one call.
import { Button, Dialog, DialogBody } from '@blueprintjs/core';
import { useState } from 'react';
import { useStore } from 'zustand';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { countOf } from '../../components/format.js';
import { ResolveForm, type Resolution } from './ResolveForm.js';
import type { Queue } from './review-queue-store.js';

const CASES = { one: 'case', many: 'cases' };

export function BulkResolve({ queue }: { queue: Queue }) {
  const ids = useStore(queue.selection, (s) => s.picked.ids);
  const [open, setOpen] = useState(false);
  const resolving = useAdminAction();
  const busy = resolving.busy;
  if (ids.size === 0) return null;
  const submit = async ({ outcome, note }: Resolution) => {
    // Bulk resolve offers no macros: there is always an outcome.
    if (!outcome) return;
    const resolved = await resolving.run(
      () => market.admin.reviewCases.bulkResolve({ body: { ids: [...ids], outcome, ...(note ? { note } : {}) } }),
      {
        success: ({ resolved }) => `${countOf(resolved, CASES)} resolved`,
        failure: 'Failed to resolve the cases',
      },
    );
    if (!resolved) return;
    setOpen(false);
    queue.selection.getState().clear();
    await queue.list.getState().refresh();
  };
  const outcomes =
    queue.kind === 'support'
      ? (['answered', 'dismissed'] as const)
      : (['dismissed', 'contentRemoved', 'userWarned'] as const);
  return (
    <>
      <Button size="small" intent="primary" icon="tick-circle" onClick={() => setOpen(true)}>
        Resolve {ids.size} selected
      </Button>
      <Button size="small" variant="minimal" onClick={() => queue.selection.getState().clear()}>
        Clear selection
      </Button>
      <Dialog
        isOpen={open}
        title={`Resolve ${countOf(ids.size, CASES)}?`}
        onClose={() => setOpen(false)}
        canOutsideClickClose={!busy}
      >
        <DialogBody>
          <ResolveForm
            outcomes={[...outcomes]}
            canNotify={false}
            busy={busy}
            submitText={`Resolve ${countOf(ids.size, CASES)}`}
            onSubmit={(resolution) => void submit(resolution)}
          />
        </DialogBody>
      </Dialog>
    </>
  );
}
