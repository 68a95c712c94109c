// The admin API client: ky with base `{host}/v1/`, 60 s time-out, JSON, and a
// Bearer token per request. Derived from `adminRoutes`: one generic call, no per-route code;
// inputs and answers are parsed with the route's zod schemas, failures become ApiResult.
import ky, { HTTPError, NetworkError, TimeoutError, type KyInstance } from 'ky';
import { z } from 'zod';
import {
  adminRoutes,
  fillPath,
  type AdminRouteName,
  type AdminRouteOutput,
  type RouteDef,
} from '../../shared/contract/admin-api.js';
import { ApiErrorBody } from '../../shared/contract/entities.js';
import type { AdminCallInput, ApiFailure, ApiResult } from '../../shared/contract/market-api.js';

/** An admin API call not answered within this long fails (a timeout, shown like any failure). */
export const ADMIN_API_TIMEOUT_MS = 60_000;

export interface AdminApiClientOptions {
  /** e.g. http://127.0.0.1:4000 (no /v1). */
  host: string;
  accessToken: () => Promise<string | null>;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** A call given `signal` is aborted with it: its HTTP request closed, answering `aborted`. */
export type AdminCall = <N extends AdminRouteName>(
  name: N,
  input?: AdminCallInput<N> | Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<ApiResult<AdminRouteOutput<N>>>;

/** A route's answer as a stream (see `download` below). */
export type AdminDownload = <N extends AdminRouteName>(
  name: N,
  input: AdminCallInput<N> | Record<string, unknown>,
  signal?: AbortSignal,
) => Promise<ApiResult<Response>>;

/** The route of a call, or undefined for a name outside the table (a call from untyped code). */
const routes: Readonly<Record<string, RouteDef>> = adminRoutes;
const routeOf = (name: string): RouteDef | undefined => (Object.hasOwn(routes, name) ? routes[name] : undefined);

const failure = (status: number, code: string, message: string): { ok: false; error: ApiFailure } => ({
  ok: false,
  error: { status, code, message },
});

function parseOrFail(schema: z.ZodType | undefined, value: unknown, what: string) {
  if (!schema) return { ok: true as const, data: undefined };
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true as const, data: parsed.data };
  return failure(400, 'invalid-input', `Invalid ${what}: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
}

/** Query values as ky search params: arrays repeated, undefined dropped. */
function searchParams(query: unknown): URLSearchParams | undefined {
  if (!query || typeof query !== 'object') return undefined;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  return params;
}

/** Path parameters once their route's schema has parsed them: names to text. */
const PathParams = z.record(z.string(), z.string()).optional();

/** A call's route, path (parameters filled in), query and body, each parsed with the route's schema. */
function requestOf(name: string, input: { params?: unknown; query?: unknown; body?: unknown }) {
  const route = routeOf(name);
  if (!route) return failure(0, 'unknown-route', `Unknown admin call ${name}`);
  const params = parseOrFail(route.params, input.params, 'path parameters');
  if (!params.ok) return params;
  const query = parseOrFail(route.query, input.query ?? {}, 'query');
  if (!query.ok) return query;
  const body = parseOrFail(route.body, input.body, 'body');
  if (!body.ok) return body;
  const path = fillPath(route.path, PathParams.parse(params.data)).slice(1);
  return { ok: true as const, route, path, searchParams: searchParams(query.data), body: body.data };
}

export async function toApiFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof HTTPError) {
    const status = error.response.status;
    const body = ApiErrorBody.safeParse(error.data);
    // The application's code where the server gave one (`searchTooBroad`, `reauthenticationRequired`,
    // `databaseUnavailable`…), else the reason phrase: the app asks for the password or waits on it.
    if (body.success) return { status, code: body.data.code ?? body.data.error, message: body.data.message };
    const text = typeof error.data === 'string' && error.data.trim() ? error.data.trim().slice(0, 500) : undefined;
    return { status, code: error.response.statusText || `HTTP ${status}`, message: text ?? error.message };
  }
  if (error instanceof TimeoutError)
    return { status: 0, code: 'timeout', message: 'The server did not answer in time.' };
  // The window aborted the call (a newer search of the same table): nobody reads this answer.
  if (error instanceof Error && error.name === 'AbortError') {
    return { status: 0, code: 'aborted', message: 'The request was aborted.' };
  }
  if (error instanceof NetworkError || error instanceof TypeError) {
    return { status: 0, code: 'network', message: 'The server could not be reached.' };
  }
  return { status: 0, code: 'network', message: error instanceof Error ? error.message : String(error) };
}

export function createAdminApiClient(options: AdminApiClientOptions): {
  call: AdminCall;
  http: KyInstance;
  download: AdminDownload;
} {
  const http = ky.create({
    prefix: `${options.host.replace(/\/+$/, '')}/v1/`,
    timeout: options.timeoutMs ?? ADMIN_API_TIMEOUT_MS,
    headers: { Accept: 'application/json' },
    retry: 0,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  const call: AdminCall = async (name, input, signal) => {
    const request = requestOf(name, input ?? {});
    if (!request.ok) return request;
    const { route } = request;
    // The answer is AdminRouteOutput<N> once the route's own response schema has parsed it (or
    // undefined for a 204); TypeScript cannot follow a generic route to its schema's type, hence
    // the two `as` below.
    const token = await options.accessToken();
    let answer: unknown;
    let status: number;
    try {
      const response = await http(request.path, {
        method: route.method,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        searchParams: request.searchParams,
        ...(request.body !== undefined ? { json: request.body } : {}),
        ...(signal ? { signal } : {}),
      });
      status = response.status;
      if (route.response === null) return { ok: true, data: undefined as AdminRouteOutput<typeof name> };
      answer = await response.json();
    } catch (error) {
      return { ok: false, error: await toApiFailure(error) };
    }
    const parsed = route.response.safeParse(answer);
    if (!parsed.success) {
      return failure(status, 'invalid-response', `Unexpected answer from ${route.method} /v1${route.path}`);
    }
    return { ok: true, data: parsed.data as AdminRouteOutput<typeof name> };
  };

  /**
   * A route's answer as a raw stream (a CSV export), without the time-out: a million rows take
   * longer than a call. Inputs are parsed as for `call`; a refusal is an ApiResult failure.
   */
  const download = async <N extends AdminRouteName>(
    name: N,
    input: AdminCallInput<N> | Record<string, unknown>,
    signal?: AbortSignal,
  ): Promise<ApiResult<Response>> => {
    const request = requestOf(name, input);
    if (!request.ok) return request;
    const token = await options.accessToken();
    try {
      const response = await http(request.path, {
        method: request.route.method,
        headers: { Accept: 'text/csv', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
        searchParams: request.searchParams,
        timeout: false,
        ...(signal ? { signal } : {}),
      });
      return { ok: true, data: response };
    } catch (error) {
      return { ok: false, error: await toApiFailure(error) };
    }
  };

  return { call, http, download };
}
