// 'Open in new window' and 'Copy link' in a record's drawer: support agents put a user and their
// order side by side, or hand a record to a colleague.
import { Button, ButtonGroup } from '@blueprintjs/core';
import { market } from '../../bridge.js';
import { showToast } from '../../app/toaster.js';
import { copyText, shareableLinkOf } from './record-link.js';

export function RecordLinkButtons({ route }: { route: string }) {
  const copy = async () => {
    const copied = await copyText(shareableLinkOf(route, window.location));
    showToast({ message: copied ? 'Link copied' : 'Could not copy the link', intent: copied ? 'success' : 'danger' });
  };
  return (
    <ButtonGroup variant="minimal" className="record-link-buttons">
      <Button icon="share" size="small" title="Open in new window (W)" onClick={() => void market.windows.open(route)}>
        Open in new window
      </Button>
      <Button icon="link" size="small" title="Copy link (L)" onClick={() => void copy()}>
        Copy link
      </Button>
    </ButtonGroup>
  );
}
