// A macro as its Settings form holds it, and the bodies it sends: the whole macro when added; when
// edited, only what changed, a message or an enforcement cleared sent as null (removed).
import type { ReviewOutcome } from '../../../shared/contract/review-cases.js';
import type {
  CreateMacroBody,
  Macro,
  MACRO_ENFORCEMENTS,
  UpdateMacroBody,
} from '../../../shared/contract/review-team.js';

export type MacroEnforcementChoice = (typeof MACRO_ENFORCEMENTS)[number] | '';

/** What the form holds: the macro's fields as typed. */
export interface MacroDraft {
  title: string;
  outcome: ReviewOutcome;
  note: string;
  message: string;
  enforcement: MacroEnforcementChoice;
}

export const EMPTY_MACRO: MacroDraft = { title: '', outcome: 'userWarned', note: '', message: '', enforcement: '' };

export const draftOf = (macro: Macro): MacroDraft => ({
  title: macro.title,
  outcome: macro.outcome,
  note: macro.note,
  message: macro.userMessage ?? '',
  enforcement: macro.enforcement?.action ?? '',
});

export function createBodyOf(draft: MacroDraft): CreateMacroBody {
  return {
    title: draft.title.trim(),
    outcome: draft.outcome,
    note: draft.note.trim(),
    ...(draft.message.trim() ? { userMessage: draft.message.trim() } : {}),
    ...(draft.enforcement ? { enforcement: { action: draft.enforcement } } : {}),
  };
}

/** The PATCH of an edit: the fields that changed (an enforcement that stays keeps its end date). */
export function updateBodyOf(macro: Macro, draft: MacroDraft): UpdateMacroBody {
  const body: UpdateMacroBody = {};
  const title = draft.title.trim();
  const note = draft.note.trim();
  const message = draft.message.trim();
  if (title !== macro.title) body.title = title;
  if (draft.outcome !== macro.outcome) body.outcome = draft.outcome;
  if (note !== macro.note) body.note = note;
  if (message !== (macro.userMessage ?? '')) body.userMessage = message || null;
  if (draft.enforcement !== (macro.enforcement?.action ?? '')) {
    body.enforcement = draft.enforcement ? { action: draft.enforcement } : null;
  }
  return body;
}
