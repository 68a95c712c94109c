// The most the API answers with, by kind of field: the bounds its document states for every
// string and list of a response. What is stored never exceeds what the request that wrote it
// allowed (each request field has its own, tighter, limit; see text.ts), so these only tell a
// client how much to be ready for; the serializer enforces them like the rest of a response schema.
import { z } from 'zod';

/** The longest email address (RFC 5321: a 64-character local part, the @ and a 255-character domain). */
export const EMAIL_MAX = 320;
/** Fastify's `maxParamLength`: a longer path parameter is refused with 414 before any schema runs. */
export const PATH_PARAMETER_MAX = 100;
/** A name, code, email or another system's id. */
export const ANSWER_LINE_MAX = 500;
/** A link (an avatar, a video, a label). */
export const ANSWER_URL_MAX = 2048;
/** A message, description, note or provider's explanation. */
export const ANSWER_TEXT_MAX = 10_000;
/** The items of any list an answer holds (a page holds at most 100; a whole table, such as the time zones, fewer). */
export const ANSWER_ITEMS_MAX = 10_000;

/** A single line of stored text in an answer. */
export const storedLine = () => z.string().max(ANSWER_LINE_MAX);
/** A stored link in an answer. */
export const storedUrl = () => z.string().max(ANSWER_URL_MAX);
/** Stored free text in an answer. */
export const storedText = () => z.string().max(ANSWER_TEXT_MAX);
