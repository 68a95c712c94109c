// Errors a handler throws on purpose; the app's error handler turns them into the contract's
// `{statusCode, error, message}` body (ARCHITECTURE.md, "Requests, errors and codes"). Anything
// else is a 500 without details.
import { STATUS_CODES } from 'node:http';
import type { z } from 'zod';
import { ANSWER_TEXT_MAX } from '../../../shared/contract/answer-limits.js';
import type { ApiErrorBody as ApiErrorBodySchema } from '../../../shared/contract/entities.js';
import type { APPLICATION_ERROR_CODES } from '../../../shared/contract/enums.js';

/** The application error codes: a client tells these refusals apart by `code`, not by text. */
export type ApplicationErrorCode = (typeof APPLICATION_ERROR_CODES)[number];

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** Sent as the body's `code`. */
    readonly code?: ApplicationErrorCode,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (what: string) => new HttpError(404, `${what} not found`);

/**
 * `record` when it is the caller's, else the 404 an unknown id gets: a record that exists but is
 * somebody else's answers exactly as one that does not exist (never 403 or 409), so ids of other
 * users' orders, offers, chats, drafts or documents cannot be told apart from made-up ones.
 * Refusals about the caller's own record (its state) come after this, and stay 409.
 */
export function callersOr404<T>(record: T | undefined, isCallers: (record: T) => boolean, what: string): T {
  if (record === undefined || !isCallers(record)) throw notFound(what);
  return record;
}
export const conflict = (message: string) => new HttpError(409, message);
export const badRequest = (message: string) => new HttpError(400, message);

/** The body of every error answer: the contract's schema (shared/contract/entities.ts). */
export type ApiErrorBody = z.infer<typeof ApiErrorBodySchema>;

export function errorBody(statusCode: number, message: string, code?: ApplicationErrorCode): ApiErrorBody {
  // The document promises at most ANSWER_TEXT_MAX characters (a validation message lists every issue).
  const body: ApiErrorBody = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    message: message.length > ANSWER_TEXT_MAX ? `${message.slice(0, ANSWER_TEXT_MAX - 1)}…` : message,
  };
  if (code !== undefined) body.code = code;
  return body;
}
