// electron-builder afterSign hook: notarizes the signed macOS app with Apple (notarytool via
// @electron/notarize, shipped with electron-builder). Credentials come from the environment:
// APPLE_API_KEY + APPLE_API_KEY_ID + APPLE_API_ISSUER (preferred), or APPLE_ID +
// APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID. Without them it says so and skips.
const path = require('node:path');

module.exports = async function notarizeApp(context) {
  if (context.electronPlatformName !== 'darwin') return;
  const env = process.env;
  const credentials = env.APPLE_API_KEY
    ? { appleApiKey: env.APPLE_API_KEY, appleApiKeyId: env.APPLE_API_KEY_ID, appleApiIssuer: env.APPLE_API_ISSUER }
    : env.APPLE_ID
      ? { appleId: env.APPLE_ID, appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD, teamId: env.APPLE_TEAM_ID }
      : null;
  if (!credentials) {
    console.warn('  • notarization skipped: no APPLE_API_KEY / APPLE_ID credentials in the environment');
    return;
  }
  const { notarize } = require('@electron/notarize');
  const appPath = path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  await notarize({ appPath, ...credentials });
  console.log(`  • notarized  ${appPath}`);
};
