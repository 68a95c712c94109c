// A button that shows or hides a panel (a drawer's accordion, a sidebar group): it says whether the
// panel is open and which one it controls, and its chevron points the same way.
import type { ReactNode } from 'react';

export function DisclosureButton({
  open,
  onToggle,
  controls,
  className,
  children,
}: {
  open: boolean;
  onToggle: () => void;
  /** The id of the panel it shows or hides. */
  controls: string;
  className: string;
  /** Its label and icons (chevronOf(open) points the right way). */
  children: ReactNode;
}) {
  return (
    <button type="button" className={className} aria-expanded={open} aria-controls={controls} onClick={onToggle}>
      {children}
    </button>
  );
}

/** The chevron of an open or closed panel. */
export const chevronOf = (open: boolean) => (open ? 'chevron-down' : 'chevron-right');
