// One accordion of a drawer: its header is a real button named by the title (Blueprint's
// collapsible Section names every toggle "collapse section").
import { Card, Collapse, Icon } from '@blueprintjs/core';
import { useId, useState, type ReactNode } from 'react';

export function Accordion({
  title,
  defaultOpen = true,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const panelId = useId();
  return (
    <Card compact className="accordion">
      <h3 className="accordion-heading">
        <button
          type="button"
          className="accordion-toggle"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen(!open)}
        >
          <Icon icon={open ? 'chevron-down' : 'chevron-right'} size={14} />
          {title}
        </button>
      </h3>
      <Collapse isOpen={open} keepChildrenMounted>
        <div id={panelId} className="accordion-panel">
          {children}
        </div>
      </Collapse>
    </Card>
  );
}
