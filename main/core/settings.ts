// The desktop app's configuration: API host, Firebase web config and update feed, read from a
// settings JSON file. Missing file or fields fall back to the local stack (the API on
// 127.0.0.1:4000, the Auth emulator on 127.0.0.1:9099).
import { readFile } from 'node:fs/promises';
import { z } from 'zod';

const httpUrl = z.url({ protocol: /^https?$/ }).transform((url) => url.replace(/\/+$/, ''));

export const Settings = z.object({
  apiHost: httpUrl.default('http://127.0.0.1:4000'),
  firebase: z
    .object({
      apiKey: z.string().min(1).default('demo-key'),
      projectId: z.string().min(1).default('demo-market'),
      authDomain: z.string().optional(),
      /** `http://host:port` of the Auth emulator; null for the real Firebase Auth. */
      authEmulatorUrl: httpUrl.nullable().default('http://127.0.0.1:9099'),
    })
    .prefault({}),
  updates: z
    .discriminatedUnion('provider', [
      z.object({ provider: z.literal('none') }),
      z.object({ provider: z.literal('generic'), url: z.url({ protocol: /^https$/ }) }),
      z.object({ provider: z.literal('github'), owner: z.string().min(1), repo: z.string().min(1) }),
    ])
    .default({ provider: 'none' }),
});
export type Settings = z.output<typeof Settings>;

export const DEFAULT_SETTINGS: Settings = Settings.parse({});

/** Reads the settings file; absent → the local stack. A malformed file is an error worth seeing, not a silent default. */
export async function loadSettings(path: string): Promise<Settings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return DEFAULT_SETTINGS;
    throw error;
  }
  return Settings.parse(JSON.parse(text));
}
