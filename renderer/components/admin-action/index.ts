// Admin actions: one hook for the busy state and the toasts of every action an admin takes.
export { useAdminAction, runAdminAction, type AdminAction } from './useAdminAction.js';
export { adminActionOutcome, failureToastOf, wentThrough, type AdminActionTexts } from './admin-action.js';
export { useConfirmedAction, type ConfirmWords } from './useConfirmedAction.js';
