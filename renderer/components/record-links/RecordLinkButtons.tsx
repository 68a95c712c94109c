// 'Open in new window' and 'Copy link' in a record's drawer: support agents put a user and their
// order side by side, or hand a record to a colleague.
import { Button, ButtonGroup } from '@blueprintjs/core';
import { market } from '../../bridge.js';
import { showToast } from '../../app/toaster.js';
import { useEffect, useRef } from 'react';
import { copyText, shareableLinkOf } from './record-link.js';
import { drawerButton, shownDrawerActions } from './drawer-actions.js';
import { recordActionsStore } from '../workbench/record-actions-store.js';

export function RecordLinkButtons({ route }: { route: string }) {
  const copy = async () => {
    const copied = await copyText(shareableLinkOf(route, window.location));
    showToast({ message: copied ? 'Link copied' : 'Could not copy the link', intent: copied ? 'success' : 'danger' });
  };
  const openWindow = () => void market.windows.open(route);
  const group = useRef<HTMLDivElement>(null);
  // While the drawer is open its actions are in the command palette and on their keys; the
  // drawer's own buttons are found as they appear (an order's detail loads after it opens).
  useEffect(() => {
    const drawer = group.current?.closest('.side-drawer');
    const publish = () =>
      recordActionsStore.setState({
        title: route.split('/').slice(2, -1).join(' '),
        actions: [
          { id: 'open-window', label: 'Open in new window', key: 'w', run: openWindow },
          { id: 'copy-link', label: 'Copy link', key: 'l', run: () => void copy() },
          ...shownDrawerActions(drawer).map(([label, key]) => ({
            id: label,
            label,
            key,
            run: () => drawerButton(drawer, label)?.click(),
          })),
        ],
      });
    publish();
    let shown = shownDrawerActions(drawer).join();
    const observer = new MutationObserver(() => {
      const now = shownDrawerActions(drawer).join();
      if (now !== shown) {
        shown = now;
        publish();
      }
    });
    if (drawer) observer.observe(drawer, { childList: true, subtree: true, characterData: true });
    return () => {
      observer.disconnect();
      recordActionsStore.setState({ title: null, actions: [] });
    };
  }, [route]);
  return (
    <ButtonGroup variant="minimal" className="record-link-buttons" ref={group}>
      <Button icon="share" size="small" title="Open in new window (W)" onClick={openWindow}>
        Open in new window
      </Button>
      <Button icon="link" size="small" title="Copy link (L)" onClick={() => void copy()}>
        Copy link
      </Button>
    </ButtonGroup>
  );
}
