// The canonical email the `email` link compares: two accounts whose addresses reach one mailbox
// are one person's. Lower case; a `+tag` (sub-addressing, "ann+shop@…") removed from the local
// part; and for Gmail (gmail.com, googlemail.com), which ignores dots in the local part, the dots
// removed. Migration 0087's `canonical_email(text)` is the same rule in SQL (its index makes the
// link a lookup); the rings route tests hold the two to one table of addresses.

const EMAIL_PARTS = /^([^+@]*)(?:\+[^@]*)?@([^@]+)$/;
const DOTLESS_DOMAINS = new Set(['gmail.com', 'googlemail.com']);

export function canonicalEmail(email: string): string {
  const lower = email.toLowerCase();
  const parts = EMAIL_PARTS.exec(lower);
  if (!parts) return lower;
  const [, local = '', domain = ''] = parts;
  return `${DOTLESS_DOMAINS.has(domain) ? local.replaceAll('.', '') : local}@${domain}`;
}
