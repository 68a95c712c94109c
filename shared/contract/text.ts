// The text a client may send: the one rule every id, name, search term and message passes.
// PostgreSQL cannot store U+0000 in a text value (an inlined one even cuts the statement's wire
// message short), and the other C0 controls and DEL are never part of a name, an email or an
// id: they only hide things from the moderator who reads them. Free text (messages,
// descriptions, notes) keeps tab and line breaks, because people type them.
import { z } from 'zod';

export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters';

/* eslint-disable no-control-regex -- naming the control characters is the point of these patterns */
/** No U+0000–U+001F, no U+007F. */
const SINGLE_LINE = /^[^\u0000-\u001F\u007F]*$/;
/** The same, except tab (U+0009), line feed (U+000A) and carriage return (U+000D). */
const FREE_TEXT = /^[^\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]*$/;
/* eslint-enable no-control-regex */

/** Whether `text` holds a character a single-line field refuses (or, with line breaks allowed, free text). */
export function hasControlCharacters(text: string, { lineBreaks = false } = {}): boolean {
  return !(lineBreaks ? FREE_TEXT : SINGLE_LINE).test(text);
}

/**
 * A name, email, id, code, URL or search term: no control characters at all. The check runs on
 * the text as sent, so chain `.trim()`, `.min()`, `.max()` after it.
 */
export const singleLineText = () => z.string().regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE);

/** A message, description or note: tab, line feed and carriage return allowed, no other control character. */
export const freeText = () => z.string().regex(FREE_TEXT, CONTROL_CHARACTERS_MESSAGE);

/** `schema` (a URL, an email, …) also refusing every control character, with the message that says so. */
export function withoutControlCharacters<T extends z.ZodType<string>>(schema: T): T {
  return schema.check(z.regex(SINGLE_LINE, CONTROL_CHARACTERS_MESSAGE));
}
