// Step-up: the "Confirm it's you" prompt and the retry of a call refused for an old sign-in.
export { withStepUp, isStepUpRefusal, NOT_CONFIRMED } from './step-up.js';
export { confirmItsYou } from './step-up-store.js';
export { StepUpDialog } from './StepUpDialog.js';
