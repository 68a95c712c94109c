// One accordion of a drawer: its header is a real button named by the title (Blueprint's
// collapsible Section names every toggle "collapse section").
import { Card, Collapse, Icon } from '@blueprintjs/core';
import { useId, useState, type ReactNode } from 'react';
import { chevronOf, DisclosureButton } from './DisclosureButton.js';
import { DetailList } from './DetailList.js';

/**
 * The person's system asks for less motion (app.css stops every transition then): the panel's
 * height is set at once too, rather than after Blueprint's 200 ms.
 */
const REDUCED_MOTION =
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

export function Accordion({
  title,
  defaultOpen = true,
  lazy = false,
  children,
}: {
  title: string;
  defaultOpen?: boolean;
  /**
   * The panel is first rendered when it is first opened: what it reads (the user's ring) is read
   * only when asked for. Then it stays, so closing and opening it again reads nothing anew.
   */
  lazy?: boolean;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(defaultOpen);
  const [opened, setOpened] = useState(defaultOpen);
  const panelId = useId();
  return (
    <Card compact className="accordion">
      <h3 className="accordion-heading">
        <DisclosureButton
          open={open}
          onToggle={() => {
            setOpen(!open);
            setOpened(true);
          }}
          controls={panelId}
          className="accordion-toggle"
        >
          <Icon icon={chevronOf(open)} size={14} />
          {title}
        </DisclosureButton>
      </h3>
      <Collapse isOpen={open} keepChildrenMounted transitionDuration={REDUCED_MOTION ? 0 : undefined}>
        <div id={panelId} className="accordion-panel">
          {lazy && !opened ? null : children}
        </div>
      </Collapse>
    </Card>
  );
}

/** A person's accordion in a drawer ('Buyer Information', 'Seller Information'): username and email. */
export function PersonAccordion({
  title,
  person,
}: {
  title: string;
  person: { userName: string | null; email: string };
}) {
  return (
    <Accordion title={title}>
      <DetailList
        rows={[
          ['Username', person.userName ?? '-'],
          ['Email', person.email],
        ]}
      />
    </Accordion>
  );
}
