// What a block's value is, by its kind, and whether an identifier falls under it: pure rules,
// table-tested (block-values.test.ts). A value is stored in the one form matching compares, so
// "Mail.Example.COM", "@mail.example.com" and "mail.example.com." are one domain block, and
// "(415) 555-0143" is "+14155550143". Addresses and ranges are ipaddr.js's to parse.
import ipaddr from 'ipaddr.js';
import type { BlockKind } from '../../../../shared/contract/blocks.js';
import { usPhoneE164 } from '../../../../shared/rules/us-phone.js';
import { canonicalEmail } from '../../accounts/index.js';

export type BlockValue = { value: string } | { error: string };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
const CARD = /^([a-z][a-z _-]{0,29}):(\d{4}):(\d{1,2})\/(\d{4})$/;
const TOKEN = /^[\x21-\x7e]{1,200}$/;
const PAYOUT_ACCOUNT = /^[A-Za-z0-9_-]{3,100}$/;

function emailDomainOf(raw: string): BlockValue {
  const domain = raw.toLowerCase().replace(/^@/, '').replace(/\.$/, '');
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => LABEL.test(label)) || domain.length > 253) {
    return { error: 'value: not an email domain (like "mailinator.com")' };
  }
  return { value: domain };
}

function canonicalEmailOf(raw: string): BlockValue {
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(raw)) return { error: 'value: not an email address' };
  return { value: canonicalEmail(raw) };
}

/** A range as its network address and prefix; a bare address is a /32 (IPv4) or /128 (IPv6). */
function ipRangeOf(raw: string): BlockValue {
  try {
    if (raw.includes('/')) {
      const [address, prefix] = ipaddr.parseCIDR(raw);
      // An IPv4-mapped IPv6 range would never match the IPv4 form sign-ins are kept in.
      if (address.kind() === 'ipv6' && (address as ipaddr.IPv6).isIPv4MappedAddress()) {
        return { error: 'value: write an IPv4 range in IPv4 form (like "203.0.113.0/24")' };
      }
      const network =
        address.kind() === 'ipv4'
          ? ipaddr.IPv4.networkAddressFromCIDR(raw).toString()
          : ipaddr.IPv6.networkAddressFromCIDR(raw).toNormalizedString();
      return { value: `${address.kind() === 'ipv6' ? compactIpv6(network) : network}/${prefix}` };
    }
    if (!ipaddr.isValid(raw)) return { error: 'value: not an IP address or CIDR range' };
    const address = ipaddr.process(raw);
    return { value: `${address.toString()}/${address.kind() === 'ipv4' ? 32 : 128}` };
  } catch {
    return { error: 'value: not an IP address or CIDR range (like "203.0.113.0/24" or "2001:db8::/32")' };
  }
}

const compactIpv6 = (address: string) => ipaddr.IPv6.parse(address).toString();

function cardFingerprintOf(raw: string): BlockValue {
  const card = CARD.exec(raw.toLowerCase());
  const month = Number(card?.[3]);
  if (!card || month < 1 || month > 12) {
    return { error: 'value: not a card fingerprint (brand:last4:MM/YYYY, like "visa:4242:12/2030")' };
  }
  return { value: `${card[1]}:${card[2]}:${String(month).padStart(2, '0')}/${card[4]}` };
}

/** The value a block of `kind` stores for what an admin typed, or what is wrong with it. */
export function blockValueOf(kind: BlockKind, typed: string): BlockValue {
  const raw = typed.trim();
  switch (kind) {
    case 'emailDomain':
      return emailDomainOf(raw);
    case 'canonicalEmail':
      return canonicalEmailOf(raw);
    case 'ipRange':
      return ipRangeOf(raw);
    case 'phone': {
      const phone = usPhoneE164(raw);
      return phone ? { value: phone } : { error: 'value: not a US phone number (like "+1 415 555 0143")' };
    }
    case 'cardFingerprint':
      return cardFingerprintOf(raw);
    case 'deviceToken':
      return TOKEN.test(raw) ? { value: raw } : { error: 'value: not a device token (printable, no spaces)' };
    case 'payoutAccount':
      return PAYOUT_ACCOUNT.test(raw) ? { value: raw } : { error: 'value: not a payout account id (like "acct_1AbC")' };
  }
}

/** Whether an email's domain is `domain` or one of its subdomains. */
export function emailInDomain(email: string, domain: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const host = email
    .slice(at + 1)
    .toLowerCase()
    .replace(/\.$/, '');
  return host === domain || host.endsWith(`.${domain}`);
}

/** Whether an address (any form ipaddr.js reads; IPv4-mapped IPv6 counts as IPv4) is in a stored range. */
export function ipInRange(ip: string, range: string): boolean {
  if (!ipaddr.isValid(ip)) return false;
  const address = ipaddr.process(ip);
  const [network, prefix] = ipaddr.parseCIDR(range);
  if (address.kind() !== network.kind()) return false;
  return address.kind() === 'ipv4'
    ? (address as ipaddr.IPv4).match(network as ipaddr.IPv4, prefix)
    : (address as ipaddr.IPv6).match(network as ipaddr.IPv6, prefix);
}

/** A card's fingerprint as blocks store it (the local ledger keeps brand, last 4 and expiry). */
export const cardFingerprint = (card: { brand: string; last4: string; expMonth: number; expYear: number }) =>
  `${card.brand.toLowerCase()}:${card.last4}:${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
