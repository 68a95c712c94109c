// The shape of one admin route: the admin route table (admin-api.ts) and the route groups that
// feature areas declare in files of their own and spread into it are all made of these.
import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'DELETE';

export interface RouteDef {
  method: HttpMethod;
  path: string;
  /** What the route does, for the API document's readers (client teams): one or two sentences. */
  description?: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The 2xx answer; `null` for 204 No Content. */
  response: z.ZodType | null;
  /**
   * Refusals beyond those every route of its kind may give (the document adds 404 only where the
   * path names a record): a 404 for an id the body names.
   */
  errors?: readonly 404[];
}
