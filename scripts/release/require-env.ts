// Release guard, run by .github/workflows/release.yml before a job builds or uploads anything:
// fails the job when a secret or variable it needs is empty, so a release never comes out
// unsigned, un-notarised or pointing at no update feed. It names what is missing, never a value.
// `node scripts/release/require-env.ts NAME...` (Node strips the types); the workflow maps each
// secret to an environment variable of the same name.

/** The names among `names` whose value in `env` is missing or blank. */
export function missingNames(names: readonly string[], env: NodeJS.ProcessEnv): string[] {
  return names.filter((name) => !env[name]?.trim());
}

/** The GitHub Actions error line for what is missing, or null when nothing is. */
export function missingMessage(missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  return (
    `::error title=Release stopped before building::${missing.join(', ')} not set. ` +
    'Set them in the repository (Settings → Secrets and variables → Actions; README, "Releasing"): ' +
    'this job publishes nothing unsigned or without its update feed.'
  );
}

if (import.meta.main) {
  const names = process.argv.slice(2);
  const message = missingMessage(missingNames(names, process.env));
  if (message) {
    console.log(message);
    process.exit(1);
  }
  console.log(`release: ${names.join(', ')} set`);
}
