// One case in a drawer: what it is, when it is due, its evidence (an appeal: the enforcement and the
// user's audit trail), Claim / Release / Resolve (with a macro too: the drawer's macros are in the
// command palette and on the keys 1–9), Assign and Escalate. Every change comes back as the case
// itself, which also replaces the row in the queue. An auction-integrity case shows its ring and
// the remedies in order (RingCaseFlow.tsx); a chargeback's, the dispute and its evidence packet
// with Submit evidence (disputes/DisputePanel.tsx).
import { Button, Callout, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReviewCase, ReviewCaseWithEvidence } from '../../../shared/contract/review-cases.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import type { ApiResult } from '../../../shared/contract/market-api.js';
import { DetailList } from '../../components/DetailList.js';
import { formatDateTime } from '../../components/format.js';
import { SideDrawer } from '../../components/SideDrawer.js';
import { useSession } from '../../stores/session-store.js';
import { recordActionsStore } from '../../components/workbench/record-actions-store.js';
import { AppealPanel } from './AppealPanel.js';
import { DueTag, Excerpt, PriorityTag } from './CaseCells.js';
import { CaseTeamActions } from './CaseTeamActions.js';
import { reloadMacros, useMacros } from './macros-store.js';
import { CaseEvidence } from './CaseEvidence.js';
import { RingCaseFlow } from './RingCaseFlow.js';
import { DisputePanel } from '../disputes/DisputePanel.js';
import { ResolveForm, type Resolution } from './ResolveForm.js';
import { OUTCOME_LABELS, outcomesFor, SOURCE_LABELS, subjectOf } from './review-display.js';

export interface CaseDrawerHandle {
  claimOrRelease(): void;
  focusResolve(): void;
}

export function CaseDrawer({
  caseId,
  support,
  onClose,
  onChanged,
  handle,
}: {
  caseId: string;
  support: boolean;
  onClose: () => void;
  onChanged: (item: ReviewCase) => void;
  handle: { current: CaseDrawerHandle | null };
}) {
  const me = useSession((s) => s.user);
  const [item, setItem] = useState<ReviewCaseWithEvidence | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const acting = useAdminAction();
  const busy = acting.busy;
  const outcomeRef = useRef<HTMLSelectElement>(null);
  const macros = useMacros();
  useEffect(() => void reloadMacros(), []);

  const load = useCallback(async () => {
    const result = await market.admin.reviewCases.get({ params: { id: caseId } });
    if (result.ok) {
      setItem(result.data);
      setFailed(null);
    } else setFailed(result.error.message);
  }, [caseId]);

  useEffect(() => {
    setItem(null);
    void load();
  }, [load]);

  const act = async (what: string, failure: string, call: () => Promise<ApiResult<ReviewCase>>) => {
    const changed = await acting.run(call, { success: what, failure });
    if (!changed) return;
    onChanged(changed);
    await load();
  };

  const heldByMe = item?.assignee && item.assignee.uid === me?.uid;
  const heldByOther = item?.assignee && item.assignee.uid !== me?.uid && item.status === 'claimed';
  const claimOrRelease = () => {
    if (!item || item.status === 'resolved' || busy) return;
    if (heldByMe)
      void act('Case released', 'Failed to release the case', () =>
        market.admin.reviewCases.release({ params: { id: item.id }, body: {} }),
      );
    else
      void act('Case claimed', 'Failed to claim the case', () =>
        market.admin.reviewCases.claim({ params: { id: item.id }, body: {} }),
      );
  };
  const resolve = (resolution: Resolution) =>
    void act('Case resolved', 'Failed to resolve the case', () =>
      market.admin.reviewCases.resolve({ params: { id: caseId }, body: resolution }),
    );

  handle.current = { claimOrRelease, focusResolve: () => outcomeRef.current?.focus() };

  // While an unresolved case is open, each macro resolves it from the palette or its key (1–9).
  const open = item !== null && item.status !== 'resolved' && !heldByOther && item.source !== 'appeal';
  useEffect(() => {
    if (!open) return;
    recordActionsStore.setState({
      title: 'case',
      actions: macros.slice(0, 9).map((macro, index) => ({
        id: `macro:${macro.id}`,
        label: `Resolve with macro: ${macro.title}`,
        key: String(index + 1),
        run: () => resolve({ macroId: macro.id }),
      })),
    });
    return () => recordActionsStore.setState({ title: null, actions: [] });
  }, [open, macros, caseId]);

  return (
    <SideDrawer
      title={item ? `${SOURCE_LABELS[item.source]}: ${item.reason}` : 'Case'}
      icon="flag"
      size={item?.source === 'auctionIntegrity' ? 800 : 560}
      onClose={onClose}
    >
      <div className="drawer-body review-drawer">
        {failed && <NonIdealState icon="error" title="Could not load the case" description={failed} />}
        {!item && !failed && <Spinner aria-label="Loading case" />}
        {item && (
          <>
            <div className="review-drawer-tags">
              <PriorityTag priority={item.priority} />
              <Tag minimal>{item.status}</Tag>
              <Tag minimal>{item.signalCount === 1 ? '1 signal' : `${item.signalCount} signals`}</Tag>
              {item.escalated && <Tag intent="danger">escalated</Tag>}
              {item.status !== 'resolved' && <DueTag dueAt={item.dueAt} />}
              {item.assignee && (
                <Tag minimal icon="person">
                  {item.assignee.email ?? item.assignee.uid}
                </Tag>
              )}
            </div>
            <div className="review-drawer-excerpt">
              <Excerpt excerpt={item.excerpt} matches={item.matches} />
            </div>
            <DetailList
              rows={[
                ['Subject', subjectOf(item)],
                ['Reporter', item.reporter ? (item.reporter.userName ?? item.reporter.id) : '-'],
                ['Opened', formatDateTime(item.createdAt)],
                ['Due', formatDateTime(item.dueAt)],
                ['Updated', formatDateTime(item.updatedAt)],
                ...(item.status === 'resolved'
                  ? ([
                      ['Outcome', item.outcome ? OUTCOME_LABELS[item.outcome] : '-'],
                      ['Note', item.note ?? '-'],
                      ['Resolved', formatDateTime(item.resolvedAt)],
                    ] as [string, string][])
                  : []),
              ]}
            />
            {item.source === 'auctionIntegrity' && <RingCaseFlow item={item} />}
            {item.source === 'dispute' && item.subjectType === 'order' && <DisputePanel orderId={item.subjectId} />}
            {item.status !== 'resolved' && (
              <div className="review-drawer-actions">
                {heldByOther ? (
                  <Callout intent="warning" compact>
                    {item.assignee?.email ?? 'Another admin'} holds this case.
                  </Callout>
                ) : (
                  <Button icon={heldByMe ? 'unlock' : 'lock'} onClick={claimOrRelease} disabled={busy}>
                    {heldByMe ? 'Release' : 'Claim'}
                  </Button>
                )}
                {!heldByOther && (
                  <ResolveForm
                    ref={outcomeRef}
                    outcomes={outcomesFor(item.subjectType, support, item.source)}
                    {...(item.source === 'appeal' ? {} : { macros })}
                    canNotify={item.reporter !== null}
                    busy={busy}
                    submitText="Resolve"
                    onSubmit={resolve}
                  />
                )}
                <CaseTeamActions item={item} busy={busy} act={act} />
              </div>
            )}
            {item.source === 'appeal' && <AppealPanel item={item} />}
            <CaseEvidence item={item} />
          </>
        )}
      </div>
    </SideDrawer>
  );
}
