// The one "Confirm it's you" prompt of a window: calls refused for an old sign-in wait on it
// (step-up.ts), the dialog mounted once at the app's root shows it and settles it.
import { createStore, useStore } from 'zustand';
import { createStepUpPrompt } from './step-up.js';

const promptOpen = createStore<{ open: boolean }>()(() => ({ open: false }));
const prompt = createStepUpPrompt((open) => promptOpen.setState({ open }));

/** Asks for the password; true once main's session has signed in again, false when cancelled. */
export const confirmItsYou = (): Promise<boolean> => prompt.ask();
/** The dialog's answer to every call waiting on the prompt. */
export const settleStepUp = (confirmed: boolean): void => prompt.settle(confirmed);
export const useStepUpOpen = (): boolean => useStore(promptOpen, (state) => state.open);
