// The server's environment, parsed once at start-up: a bad value stops the process before
// it listens, instead of failing on the first request that needs it.
import { z } from 'zod';
import { STEP_UP_SECONDS_DEFAULT } from '../shared/contract/admin-permissions.js';
import { CONNECT_TIMEOUT_MS_DEFAULT, STATEMENT_TIMEOUT_MS_DEFAULT } from './platform/db/database.js';

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const Env = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(4000),
    HOST: z.string().default('127.0.0.1'),
    DATABASE_URL: optionalText,
    /** A streaming replica of DATABASE_URL: the admin lists and statistics read there. */
    DATABASE_REPLICA_URL: optionalText,
    REDIS_URL: optionalText,
    FIREBASE_PROJECT_ID: z.string().default('demo-market'),
    FIREBASE_AUTH_EMULATOR_HOST: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    /** Verifies `POST /v1/payments/stripe/webhook` (the endpoint's `whsec_…`); the route answers 503 without it. */
    STRIPE_WEBHOOK_SECRET: optionalText,
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Where the embedded PGlite database lives when DATABASE_URL is absent. */
    PGLITE_DIR: z.string().default('.data/pglite'),
    /** How old an admin's sign-in may be for refunds, cancels, deletions, suspensions and bans (step-up). */
    ADMIN_STEP_UP_SECONDS: z.coerce.number().int().min(1).max(86_400).default(STEP_UP_SECONDS_DEFAULT),
    /** PostgreSQL: how long a request waits for a connection before 503 databaseUnavailable. */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(CONNECT_TIMEOUT_MS_DEFAULT),
    /** PostgreSQL: the longest a statement may run before it is cancelled (503 databaseUnavailable). */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(STATEMENT_TIMEOUT_MS_DEFAULT),
    /**
     * The reverse proxies in front of the API (comma-separated addresses or CIDR ranges): only a
     * connection from one of them has its `X-Forwarded-For` believed for the client's address
     * (sign-in IPs, rate limits). Absent: the connection's own address, whatever the headers say.
     */
    TRUSTED_PROXY: optionalText.transform((value) =>
      value === undefined
        ? []
        : value
            .split(',')
            .map((entry) => entry.trim())
            .filter(Boolean),
    ),
    /** Where the local media storage keeps uploaded listing videos. */
    UPLOADS_DIR: z.string().default('.data/uploads'),
    /** Signs upload URLs; shared by every node serving UPLOADS_DIR. Random per process when absent (not in production). */
    UPLOADS_SIGNING_SECRET: optionalText.pipe(z.string().min(32).optional()),
    /** The API's public base (`https://api.example.com/v1`) in upload and media URLs; http://HOST:PORT/v1 when absent. */
    PUBLIC_API_URL: optionalText.pipe(z.url().optional()),
    /** The buyer app's universal-link origin that shared listing links point at; PUBLIC_API_URL's origin when absent. */
    APP_LINK_BASE_URL: optionalText.pipe(z.url().optional()),
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST), {
    // The emulator signs nothing: trusting its tokens in production would let anyone in.
    message: 'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production',
    path: ['FIREBASE_AUTH_EMULATOR_HOST'],
  })
  .refine((env) => !(env.NODE_ENV === 'production' && !env.UPLOADS_SIGNING_SECRET), {
    // A per-process secret breaks every upload URL another node (or the next restart) issued.
    message: 'UPLOADS_SIGNING_SECRET (at least 32 characters) is required when NODE_ENV=production',
    path: ['UPLOADS_SIGNING_SECRET'],
  })
  .refine((env) => !(env.DATABASE_REPLICA_URL && !env.DATABASE_URL), {
    // A replica of the embedded PGlite cannot exist: the setting would be silently ignored.
    message: 'DATABASE_REPLICA_URL needs DATABASE_URL (a replica of that PostgreSQL database)',
    path: ['DATABASE_REPLICA_URL'],
  });

export type Config = z.output<typeof Env>;

/** Parses the environment; throws with every problem listed when it is invalid. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  return parsed.data;
}
