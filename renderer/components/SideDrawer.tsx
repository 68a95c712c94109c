// A right-side drawer that is a named modal dialog for assistive tech and tests: Blueprint's
// Drawer renders its title without role or label, so the header is drawn here.
import { Button, Classes, Drawer, H4, Icon, type IconName } from '@blueprintjs/core';
import { useId, type ReactNode } from 'react';
import { RecordLinkButtons } from './record-links/RecordLinkButtons.js';

export function SideDrawer({
  title,
  icon,
  size,
  onClose,
  children,
  recordRoute,
}: {
  /** The record's own route: the drawer offers 'Open in new window' and 'Copy link' for it. */
  recordRoute?: string;
  title: string;
  icon: IconName;
  size: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Drawer isOpen onClose={onClose} size={size}>
      <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="side-drawer">
        <div className={Classes.DRAWER_HEADER}>
          <Icon icon={icon} size={18} />
          <H4 id={titleId}>{title}</H4>
          {recordRoute && <RecordLinkButtons route={recordRoute} />}
          <Button
            aria-label="Close"
            className={Classes.DIALOG_CLOSE_BUTTON}
            icon="cross"
            variant="minimal"
            onClick={onClose}
          />
        </div>
        {children}
      </div>
    </Drawer>
  );
}
