// The blocks in force, indexed so an account's identifiers are looked up, not compared with each
// block: exact kinds by key, an email's domain by its suffixes, an IP by its network at each prefix
// length the ranges use. 10,000 blocks cost a handful of map lookups per check (the bid path's).
import ipaddr from 'ipaddr.js';
import type { BlockKind, BlockSeverity } from '../../../../shared/contract/blocks.js';
import { canonicalEmail } from '../../accounts/index.js';

export interface LiveBlock {
  id: string;
  kind: BlockKind;
  value: string;
  severity: BlockSeverity;
  /** Epoch ms, or null for a block without expiry. */
  expiresAt: number | null;
}

/** Every identifier an account is known by (DECISIONS "Blocks"). */
export interface AccountIdentifiers {
  emails: readonly string[];
  phones: readonly string[];
  cards: readonly string[];
  payoutAccounts: readonly string[];
  deviceTokens: readonly string[];
  ips: readonly string[];
}

export const NO_IDENTIFIERS: AccountIdentifiers = {
  emails: [],
  phones: [],
  cards: [],
  payoutAccounts: [],
  deviceTokens: [],
  ips: [],
};

const key = (kind: BlockKind, value: string) => `${kind}\n${value}`;

export interface BlockMatcher {
  readonly size: number;
  /** The blocks in force at `now` that one of the identifiers falls under. */
  matches(identifiers: AccountIdentifiers, now: number): LiveBlock[];
}

export function blockMatcher(blocks: readonly LiveBlock[]): BlockMatcher {
  const byKey = new Map<string, LiveBlock[]>();
  // Prefix lengths in use per IP version, so an address is cut to each of them once.
  const prefixes = { ipv4: new Set<number>(), ipv6: new Set<number>() };
  for (const block of blocks) {
    const k = key(block.kind, block.value);
    byKey.set(k, [...(byKey.get(k) ?? []), block]);
    if (block.kind === 'ipRange') {
      const [network, prefix] = ipaddr.parseCIDR(block.value);
      prefixes[network.kind()].add(prefix);
    }
  }
  const found = (kind: BlockKind, value: string) => byKey.get(key(kind, value)) ?? [];

  function ipBlocks(ip: string): LiveBlock[] {
    if (!ipaddr.isValid(ip)) return [];
    const address = ipaddr.process(ip);
    const kind = address.kind();
    return [...prefixes[kind]].flatMap((prefix) => {
      const cidr = `${address.toString()}/${prefix}`;
      const network =
        kind === 'ipv4' ? ipaddr.IPv4.networkAddressFromCIDR(cidr) : ipaddr.IPv6.networkAddressFromCIDR(cidr);
      return found('ipRange', `${network.toString()}/${prefix}`);
    });
  }

  function emailBlocks(email: string): LiveBlock[] {
    const at = email.lastIndexOf('@');
    const labels = email
      .slice(at + 1)
      .toLowerCase()
      .replace(/\.$/, '')
      .split('.');
    // mail.eu.example.com is under eu.example.com and example.com (never under "com" alone).
    const domains = labels.slice(0, -1).map((_, i) => labels.slice(i).join('.'));
    return [
      ...domains.flatMap((domain) => found('emailDomain', domain)),
      ...found('canonicalEmail', canonicalEmail(email)),
    ];
  }

  return {
    size: blocks.length,
    matches(identifiers, now) {
      if (blocks.length === 0) return [];
      const all = [
        ...identifiers.emails.flatMap(emailBlocks),
        ...identifiers.phones.flatMap((phone) => found('phone', phone)),
        ...identifiers.cards.flatMap((card) => found('cardFingerprint', card)),
        ...identifiers.payoutAccounts.flatMap((account) => found('payoutAccount', account)),
        ...identifiers.deviceTokens.flatMap((token) => found('deviceToken', token)),
        ...identifiers.ips.flatMap(ipBlocks),
      ];
      return [...new Set(all)].filter((block) => block.expiresAt === null || block.expiresAt > now);
    },
  };
}
