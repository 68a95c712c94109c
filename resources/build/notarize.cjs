// electron-builder afterSign hook: notarizes the signed macOS app with Apple (notarytool via
// @electron/notarize, shipped with electron-builder). Credentials come from the environment:
// APPLE_API_KEY (path of the .p8 key) + APPLE_API_KEY_ID + APPLE_API_ISSUER (preferred), or
// APPLE_ID + APPLE_APP_SPECIFIC_PASSWORD + APPLE_TEAM_ID. Without them it says so and skips,
// unless MARKET_NOTARIZE=required (the release workflow): then a build that would ship without
// notarisation stops here.
const path = require('node:path');

/** The notarytool credentials in `env`, or null when there are none. */
function credentialsFrom(env) {
  if (env.APPLE_API_KEY) {
    return {
      appleApiKey: env.APPLE_API_KEY,
      appleApiKeyId: env.APPLE_API_KEY_ID,
      appleApiIssuer: env.APPLE_API_ISSUER,
    };
  }
  if (env.APPLE_ID) {
    return { appleId: env.APPLE_ID, appleIdPassword: env.APPLE_APP_SPECIFIC_PASSWORD, teamId: env.APPLE_TEAM_ID };
  }
  return null;
}

async function notarizeApp(context, env = process.env, notarize = () => require('@electron/notarize').notarize) {
  if (context.electronPlatformName !== 'darwin') return;
  const credentials = credentialsFrom(env);
  if (!credentials) {
    const why = 'no APPLE_API_KEY / APPLE_ID credentials in the environment';
    if (env.MARKET_NOTARIZE === 'required')
      throw new Error(`notarization is required (MARKET_NOTARIZE) but there are ${why}`);
    console.warn(`  • notarization skipped: ${why}`);
    return;
  }
  const appPath = path.join(context.appOutDir, `${context.packager.appInfo.productFilename}.app`);
  await notarize()({ appPath, ...credentials });
  console.log(`  • notarized  ${appPath}`);
}

module.exports = notarizeApp;
module.exports.default = notarizeApp;
module.exports.credentialsFrom = credentialsFrom;
