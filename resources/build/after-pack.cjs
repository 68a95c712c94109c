// electron-builder afterPack hook: flips Electron's fuses in the packed binary (before signing),
// as Signal Desktop does. Needs the devDependency @electron/fuses.
const path = require('node:path');

/** The fuse wire of Market Admin: no Node-as-a-shell, no NODE_OPTIONS, no --inspect; encrypted
 * cookies, asar integrity and app code only from the asar. File protocol privileges stay on:
 * the packaged renderer loads its ES modules from file://. */
function fuseConfig(fuses, platform, arch) {
  const { FuseVersion, FuseV1Options } = fuses;
  return {
    version: FuseVersion.V1,
    // electron-builder signs after this hook; arm64 macOS must not run with a stale ad-hoc signature meanwhile.
    resetAdHocDarwinSignature: platform === 'darwin' && arch === 'arm64',
    [FuseV1Options.RunAsNode]: false,
    [FuseV1Options.EnableNodeOptionsEnvironmentVariable]: false,
    [FuseV1Options.EnableNodeCliInspectArguments]: false,
    [FuseV1Options.EnableCookieEncryption]: true,
    [FuseV1Options.EnableEmbeddedAsarIntegrityValidation]: true,
    [FuseV1Options.OnlyLoadAppFromAsar]: true,
  };
}

/** Where electron-builder put the Electron binary for this platform. */
function electronBinaryPath(context) {
  const name = context.packager.appInfo.productFilename;
  switch (context.electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(context.appOutDir, `${name}.app`);
    case 'win32':
      return path.join(context.appOutDir, `${name}.exe`);
    default:
      return path.join(context.appOutDir, context.packager.executableName);
  }
}

const ARCH_NAMES = { 0: 'ia32', 1: 'x64', 2: 'armv7l', 3: 'arm64', 4: 'universal' };

async function afterPack(context, fuses = require('@electron/fuses')) {
  const arch = ARCH_NAMES[context.arch] ?? String(context.arch);
  const binary = electronBinaryPath(context);
  await fuses.flipFuses(binary, fuseConfig(fuses, context.electronPlatformName, arch));
  console.log(`  • fuses flipped  ${binary}`);
}

module.exports = afterPack;
module.exports.default = afterPack;
module.exports.fuseConfig = fuseConfig;
module.exports.electronBinaryPath = electronBinaryPath;
