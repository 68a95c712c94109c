// Rings of linked accounts on screen: the ring view, the user drawer's ring section, the one
// enforcement on a ring and the one block of its identifiers.
export { RingView } from './RingView.js';
export { RingSection } from './RingSection.js';
export { RingEnforcementDialog } from './RingEnforcementDialog.js';
export { RingBlockDialog } from './RingBlockDialog.js';
export { useRing } from './useRing.js';
export { accountsCount, pickedInOrder, togglePick } from './ring-enforcement.js';
