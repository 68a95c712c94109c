// The real-stack specs' `test`: the same as Playwright's, on the worker's own stack, with a check that fails a test on any
// console error or warning, uncaught exception or failed request the page logged while it ran.
// One exception, named here: a picture on a host outside this machine that cannot be reached
// (the seeded avatars live on a public host; the machine is offline). The app asks such a host
// once and then shows initials without another request (renderer/components/picture-hosts.ts).
import { test as base, expect } from '@playwright/test';
import { watchConsole } from '../support/quiet-console.js';
import { REAL_STACK } from './real-stack-ports.js';

const LOOPBACK = /^https?:\/\/(127\.0\.0\.1|localhost)(:\d+)?\//;

/** A failed load of a picture from another machine's host: its one allowed attempt. */
export function isUnreachablePicture(line: string): boolean {
  const url = /(https?:\/\/\S+?)\)?$/.exec(line.replace(/ net::\S+$/, ''))?.[1] ?? '';
  const picture = /\.(png|jpe?g|gif|webp|svg)(\?|$)|avatar|pravatar/i.test(url);
  return picture && !LOOPBACK.test(url) && /Failed to load resource|requestfailed/.test(line);
}

export const test = base.extend<{ quietConsole: void }>({
  // Each worker drives its own stack (real-stack-ports.ts): its renderer is the base URL.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern: none.
  baseURL: async ({}, use) => {
    await use(REAL_STACK.rendererUrl);
  },
  quietConsole: [
    async ({ page }, use) => {
      const watch = watchConsole(page);
      await use();
      expect(
        watch.noise.filter((line) => !isUnreachablePicture(line)),
        'console errors and warnings',
      ).toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };
