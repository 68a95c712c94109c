// Off-platform contact and payment detector: a pure rule over one message, listing title or description.
// It finds phone numbers, emails, links, messenger invitations and payment handles even when people hide
// them (spelled digits, separators, full-width or look-alike letters, "at"/"dot"), and returns spans into
// the ORIGINAL text so the back-office can highlight them.
//
// Complexity: every pass is a single left-to-right scan or a regex whose repeated groups cannot overlap
// (each repetition must consume a distinct separator), and candidate starts are anchored with lookbehinds
// at run boundaries, so the work is linear in the message length. It runs on every chat message.

import { phonePass, vanityPhonePass, type Found } from './off-platform-phone.js';

export type OffPlatformKind = 'phone' | 'email' | 'url' | 'messenger' | 'payment';

export interface OffPlatformMatch {
  kind: OffPlatformKind;
  text: string;
  start: number;
  end: number;
}

export type ReviewSignalSource = 'offPlatformContact' | 'paymentHandle';

/** Which review-case source a match opens: payment handles are their own (higher-risk) source. */
export function reviewSourceFor(kind: OffPlatformKind): ReviewSignalSource {
  return kind === 'payment' ? 'paymentHandle' : 'offPlatformContact';
}

// Look-alikes NFKC leaves alone: Cyrillic/Greek letters and small capitals that read as Latin.
const CONFUSABLES: Record<string, string> = Object.fromEntries(
  [
    ['аa', 'вb', 'еe', 'кk', 'мm', 'нh', 'оo', 'рp', 'сc', 'тt', 'уy', 'хx', 'ѕs', 'іi', 'јj', 'ԁd', 'ԝw', 'һh', 'үy'],
    ['АA', 'ВB', 'ЕE', 'КK', 'МM', 'НH', 'ОO', 'РP', 'СC', 'ТT', 'ХX', 'ЅS', 'ІI', 'ЈJ'],
    ['αa', 'βb', 'εe', 'ιi', 'κk', 'νv', 'οo', 'ρp', 'τt', 'υu', 'χx', 'ΑA', 'ΒB', 'ΕE', 'ΖZ', 'ΗH', 'ΙI'],
    ['ΚK', 'ΜM', 'ΝN', 'ΟO', 'ΡP', 'ΤT', 'ΥY', 'ΧX', 'ᴀa', 'ʙb', 'ᴄc', 'ᴅd', 'ᴇe', 'ғf', 'ɢg', 'ʜh', 'ɪi'],
    ['ᴊj', 'ᴋk', 'ʟl', 'ᴍm', 'ɴn', 'ᴏo', 'ᴘp', 'ʀr', 'ᴛt', 'ᴜu', 'ᴠv', 'ᴡw', 'ʏy', 'ᴢz'],
  ]
    .flat()
    .map((pair) => [pair[0] as string, pair.slice(-1)]),
);
// Invisible characters people insert to split a number or a word; dropped from the normalised view.
const INVISIBLE = /[\u00ad\u200b-\u200f\u2060\ufeff]/;

/** Normalised copy of the text with, per UTF-16 unit, the original span it came from. */
interface NormalisedText {
  text: string;
  from: number[];
  to: number[];
}

function normalise(original: string): NormalisedText {
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  let index = 0;
  for (const char of original) {
    const end = index + char.length;
    if (!INVISIBLE.test(char)) {
      const mapped = CONFUSABLES[char] ?? char.normalize('NFKC');
      for (let k = 0; k < mapped.length; k++) {
        from.push(index);
        to.push(end);
      }
      text += mapped;
    }
    index = end;
  }
  return { text, from, to };
}

// Leetspeak inside words ("v3nm0", "c4shapp"): digits become letters only in tokens that contain a letter,
// so plain numbers keep their digits. One char for one char, so offsets still line up.
const LEET: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't' };
function wordView(text: string): string {
  return text.replace(/[\p{L}\p{N}]+/gu, (token) => {
    const lower = [...token].map((c) => (c.toLowerCase().length === c.length ? c.toLowerCase() : c)).join('');
    return /\p{L}/u.test(lower) ? lower.replace(/[013457]/g, (d) => LEET[d] ?? d) : lower;
  });
}

function regexPass(view: string, pattern: RegExp, kind: OffPlatformKind, out: Found[]): void {
  for (const m of view.matchAll(pattern)) out.push([kind, m.index ?? 0, (m.index ?? 0) + m[0].length]);
}

// ---- Email ---------------------------------------------------------------------------------------
const AT = String.raw`(?:\s*@\s*|\s*[[({<]\s*at\s*[\])}>]\s*|\s+at\s+)`;
const DOT = String.raw`(?:\s*\.\s*|\s*[[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+)`;
const MAIL_PROVIDERS = /^(?:gmail|googlemail|yahoo|hotmail|outlook|icloud|aol|proton|protonmail|gmx|live|msn|mail)$/;
// Only the spoken forms ("mysite dot com", "[dot]"); a plain dot is the DOMAIN pattern's job.
const SPOKEN_DOT = String.raw`(?:\s*[[({<]\s*dot\s*[\])}>]\s*|\s+dot\s+)`;
// Local part starts at a run boundary (lookbehind) so a long word is tried once, not once per letter.
// It may be spoken in pieces too ("jen dot vintage at gmail"); a spoken dot always needs a space or a
// bracket, which the plain local-part characters cannot match, so the repetition cannot backtrack.
const LOCAL_WORD = '[a-z0-9][a-z0-9._%+-]*';
const EMAIL = new RegExp(
  String.raw`(?<![a-z0-9._%+-])(${LOCAL_WORD}(?:${SPOKEN_DOT}${LOCAL_WORD})*)(${AT})([a-z0-9-]+)((?:${DOT}[a-z]{2,}(?![a-z0-9]))*)`,
  'g',
);

function emailPass(view: string, out: Found[]): void {
  EMAIL.lastIndex = 0;
  for (let m = EMAIL.exec(view); m !== null; m = EMAIL.exec(view)) {
    const [whole, local = '', at = '', domain = '', dotted = ''] = m;
    const start = m.index;
    // "buy it at mysite.com" and "meet at noon" are not addresses: a bare spoken "at" needs a known
    // mail provider after it; "@" and "[at]" need a dotted domain or a provider.
    const spokenAt = /^\s+at\s+$/.test(at);
    const provider = MAIL_PROVIDERS.test(domain);
    if ((spokenAt && !provider) || (dotted.length === 0 && !provider) || /^\d+$/.test(local)) {
      // Retry from the next word: "direct at dealz [at] yahoo [dot] com" holds an address after the miss.
      EMAIL.lastIndex = start + (/^[a-z0-9._%+-]+/.exec(local)?.[0].length ?? 1);
      continue;
    }
    out.push(['email', start, start + whole.length]);
  }
}

// ---- Links and bare domains ----------------------------------------------------------------------
// Top-level domains people use to point elsewhere; file extensions (jpg, pdf) and "e.g."/"i.e." are absent.
const TLDS = new Set(
  'com net org io co me shop store us uk ca de fr au ly ee gg biz info app xyz online site link to be tv cc ru in'.split(
    ' ',
  ),
);
const HOST_KIND: [RegExp, OffPlatformKind][] = [
  [/(?:^|\.)(?:paypal\.me|paypal\.com|venmo\.com|cash\.app)$/, 'payment'],
  [/(?:^|\.)(?:t\.me|wa\.me|telegram\.me|m\.me|snapchat\.com|instagram\.com|whatsapp\.com)$/, 'messenger'],
];
const SCHEME_URL = /\b(?:https?:\/\/|www\.)[^\s<>"']+/g;
const DOMAIN = /(?<![a-z0-9@._-])[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)+(?:\/[^\s<>"']*)?/g;
const SPOKEN_DOMAIN = new RegExp(
  String.raw`(?<![a-z0-9-])[a-z0-9][a-z0-9-]*${SPOKEN_DOT}(?:com|net|org|io|co|shop|store)\b`,
  'g',
);

function linkPass(view: string, out: Found[]): void {
  const classify = (host: string): OffPlatformKind => HOST_KIND.find(([re]) => re.test(host))?.[1] ?? 'url';
  for (const m of view.matchAll(SCHEME_URL)) {
    const url = m[0].replace(/[.,!?)]+$/, '');
    const host = url.replace(/^(?:https?:\/\/)?/, '').split('/')[0] ?? '';
    out.push([classify(host.replace(/^www\./, '')), m.index ?? 0, (m.index ?? 0) + url.length]);
  }
  for (const m of view.matchAll(DOMAIN)) {
    const link = m[0].replace(/[.,!?)]+$/, '');
    const host = link.split('/')[0] ?? '';
    const labels = host.split('.');
    const tld = labels[labels.length - 1] ?? '';
    // "3.5", "v2.3.1", "photo.jpg", "e.g." all fail here: the last label must be a real, lettered TLD.
    if (!TLDS.has(tld) || labels.some((l) => l.length === 0) || /^\d+$/.test(labels[0] ?? '')) continue;
    out.push([classify(host), m.index ?? 0, (m.index ?? 0) + link.length]);
  }
  regexPass(view, SPOKEN_DOMAIN, 'url', out);
}

// ---- Messengers and payment apps -------------------------------------------------------------------
// Names distinctive enough to flag anywhere, also when spaced or dotted out ("w.h.a.t.s.a.p.p", "tele gram").
const DISTINCT: [string, OffPlatformKind][] = [
  ...'whatsapp whatsap watsapp telegram snapchat wechat viber'
    .split(' ')
    .map((w): [string, OffPlatformKind] => [w, 'messenger']),
  ...'venmo zelle paypal cashapp westernunion moneygram applecash bitcoin usdt crypto'
    .split(' ')
    .map((w): [string, OffPlatformKind] => [w, 'payment']),
];
const SQUASHED_NAMES = new RegExp(DISTINCT.map(([w]) => w).join('|'), 'g');

function squashedPass(view: string, out: Found[]): void {
  // Keep only letters and digits, remembering where each came from, then look for the names.
  let squashed = '';
  const at: number[] = [];
  for (let i = 0; i < view.length; i++) {
    if (/[a-z0-9]/.test(view[i] as string)) {
      squashed += view[i];
      at.push(i);
    }
  }
  const isWordChar = (i: number) => i >= 0 && i < view.length && /[a-z0-9]/.test(view[i] as string);
  for (const m of squashed.matchAll(SQUASHED_NAMES)) {
    const start = at[m.index ?? 0] as number;
    const end = (at[(m.index ?? 0) + m[0].length - 1] as number) + 1;
    // Must start and end on word edges: "seven more" hides "venmo" but is not Venmo.
    if (isWordChar(start - 1) || isWordChar(end) || end - start > m[0].length * 3) continue;
    const kind = DISTINCT.find(([w]) => w === m[0])?.[1] ?? 'messenger';
    out.push([kind, start, end]);
  }
}

// Ambiguous names ("snap fit", "signal strength", "Instagram-ready") count only as an invitation:
// after "on/add/follow/my/dm", or followed by "me", a colon, a handle or "is/id/user".
// "the gram" is Instagram; a bare "gram" is a weight.
const SHORT_APPS = String.raw`(?:instagram|insta|ig|tg|snap|signal|kik|discord|line|messenger|skype|the\s+gram)`;
const MESSENGER_INVITE = new RegExp(
  String.raw`\b(?:on|via|add|follow|dm|my|hmu|fb|facebook)\s+(?:me\s+)?(?:on\s+)?(?:my\s+)?${SHORT_APPS}\b|\b${SHORT_APPS}(?=\s*(?::|@|\bme\b|\bis\b|\bid\b|\buser))`,
  'g',
);
// "text me" invites a phone chat unless it is about this chat ("text me a photo here in chat", "Call me
// back? I mean reply here"): the correction may come in the next sentence, so the look-ahead crosses it.
const TEXT_ME = /\b(?:text|txt|call|ring)\s+me\b(?![^\n]{0,40}\b(?:here|in (?:the )?chat|on here|in the app)\b)/g;

const PAYMENT_PHRASES = new RegExp(
  [
    String.raw`\b(?:pay|paid|payment|deal|sell|buy)\w*\s+(?:me\s+)?(?:outside|off[\s-]?(?:site|platform|app))`,
    String.raw`\bskip\s+(?:the\s+)?checkout\b`,
    String.raw`\b(?:cash\s*app|cash_app|pp|paypal)\b`,
    String.raw`\b(?:f\s?&\s?f|friends\s+(?:and|&)\s+family|apple\s+pay\s+me|western\s+union|btc|eth)\b`,
    // Cash App $cashtag: a $ followed by a letter is a handle, "$25" is a price.
    String.raw`(?<![\w$])\$[a-z][a-z0-9_]{2,}`,
  ].join('|'),
  'g',
);
// Crypto addresses, matched on the case-preserving text (base58 is case sensitive).
const BTC_BECH32 = /\bbc1[ac-hj-np-z02-9]{11,71}\b/gi;
const BTC_BASE58 = /\b[13][a-km-zA-HJ-NP-Z1-9]{25,34}\b/g;
const ETH_ADDRESS = /\b0x[0-9a-fA-F]{40}\b/g;

function cryptoPass(text: string, out: Found[]): void {
  regexPass(text, BTC_BECH32, 'payment', out);
  regexPass(text, ETH_ADDRESS, 'payment', out);
  for (const m of text.matchAll(BTC_BASE58)) {
    // Real addresses mix upper, lower and digits; long digit runs (tracking numbers) do not.
    if (/[a-z]/.test(m[0]) && /[A-Z]/.test(m[0]) && /\d.*\d/.test(m[0].slice(1))) {
      out.push(['payment', m.index ?? 0, (m.index ?? 0) + m[0].length]);
    }
  }
}

/** Finds off-platform contact and payment details in one piece of user text. */
export function detectOffPlatformContact(original: string): { matches: OffPlatformMatch[] } {
  const norm = normalise(original);
  const words = wordView(norm.text);
  const found: Found[] = [];
  phonePass(norm.text, found);
  vanityPhonePass(norm.text, found);
  emailPass(words, found);
  linkPass(words, found);
  squashedPass(words, found);
  regexPass(words, MESSENGER_INVITE, 'messenger', found);
  regexPass(words, TEXT_ME, 'messenger', found);
  regexPass(words, PAYMENT_PHRASES, 'payment', found);
  cryptoPass(norm.text, found);
  return { matches: toOriginal(original, norm, found) };
}

function toOriginal(original: string, norm: NormalisedText, found: Found[]): OffPlatformMatch[] {
  const emails = found.filter(([k]) => k === 'email');
  const seen = new Set<string>();
  const matches: OffPlatformMatch[] = [];
  for (const [kind, a, b] of found.sort((x, y) => x[1] - y[1] || y[2] - x[2])) {
    if (b <= a) continue;
    // The domain of an email is not a second, separate link.
    if (kind === 'url' && emails.some(([, ea, eb]) => a >= ea && b <= eb)) continue;
    const start = norm.from[a] as number;
    const end = norm.to[b - 1] as number;
    const key = `${kind}:${start}:${end}`;
    if (seen.has(key)) continue;
    seen.add(key);
    matches.push({ kind, text: original.slice(start, end), start, end });
  }
  return matches;
}
