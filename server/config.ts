// The server's environment, parsed once at start-up: a bad value stops the process before
// it listens, instead of failing on the first request that needs it.
import { z } from 'zod';

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
    REDIS_URL: optionalText,
    FIREBASE_PROJECT_ID: z.string().default('demo-market'),
    FIREBASE_AUTH_EMULATOR_HOST: optionalText,
    STRIPE_SECRET_KEY: optionalText,
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Where the embedded PGlite database lives when DATABASE_URL is absent. */
    PGLITE_DIR: z.string().default('.data/pglite'),
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.FIREBASE_AUTH_EMULATOR_HOST), {
    // The emulator signs nothing: trusting its tokens in production would let anyone in.
    message: 'FIREBASE_AUTH_EMULATOR_HOST must not be set when NODE_ENV=production',
    path: ['FIREBASE_AUTH_EMULATOR_HOST'],
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
