// Rings of linked accounts on screen: the ring view, the user drawer's ring section and the one
// enforcement on a ring.
export { RingView } from './RingView.js';
export { RingSection } from './RingSection.js';
export { RingEnforcementDialog } from './RingEnforcementDialog.js';
export { useRing } from './useRing.js';
export { accountsCount, pickedInOrder, togglePick } from './ring-enforcement.js';
