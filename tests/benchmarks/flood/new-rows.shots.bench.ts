// Screenshots of the Chat messages screen with live rows held behind "N new" (the button is its
// own component since the flood work), at 1280×720 and 1920×1080, light and dark, into
// docs/screenshots/: `npx playwright test --config playwright.flood.config.ts new-rows`.
import { emitEvent, expect, test } from '../../e2e/support/fixtures.js';

for (const theme of ['light', 'dark'] as const) {
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    test(`chat messages with held rows, ${theme}, ${width}×${height}`, async ({ signedInPage: page }) => {
      await page.setViewportSize({ width, height });
      await page.addInitScript((mode) => localStorage.setItem('colorMode', mode), theme);
      await page.goto('/#/dashboard/inbox/messages');
      await expect(page.getByText('Message 0')).toBeVisible();
      await page.getByRole('button', { name: 'Next' }).click();
      for (let i = 0; i < 240; i++) {
        await emitEvent(page, 'newMessage', {
          id: `shot${i}`,
          user: { id: 'u7', userName: 'user7', avatar: null },
          otherUser: { id: 'u8', userName: 'user8', avatar: null },
          createdAt: new Date().toISOString(),
          message: `Live message ${i}`,
          isSeen: false,
        });
      }
      await expect(page.getByRole('button', { name: '240 new' })).toBeVisible();
      await page.screenshot({ path: `docs/screenshots/chat-messages-held-${theme}-${width}x${height}.png` });
    });
  }
}
