// A quiet console: every error and warning the page logs (and every uncaught exception or failed
// request) is collected, so a spec fails on the first React warning, 404 or unreachable image.
import type { Page } from '@playwright/test';

export interface ConsoleWatch {
  /** What was logged so far, one line each ('error: …', 'warning: …', 'pageerror: …', 'requestfailed: …'). */
  readonly noise: string[];
}

export function watchConsole(page: Page): ConsoleWatch {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const where = message.location().url ? ` (${message.location().url})` : '';
      noise.push(`${message.type()}: ${message.text()}${where}`);
    }
  });
  page.on('pageerror', (error) => noise.push(`pageerror: ${error.message}`));
  page.on('requestfailed', (request) => {
    // A navigation or a stream the page itself stopped is not a failure the admin sees.
    if (request.failure()?.errorText === 'net::ERR_ABORTED') return;
    noise.push(`requestfailed: ${request.url()} ${request.failure()?.errorText ?? ''}`);
  });
  return { noise };
}
