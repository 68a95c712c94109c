// Phone numbers as people hide them in marketplace chat: separators ("555.212.4567", "(555)212-4567"),
// spelled or mixed digits ("five five five two one two 4567", "fivefive5", "45six7"), and look-alike
// letters inside numbers ("2l2", "4S67"). Works on the NFKC/confusable-normalised text so full-width
// digits are already ASCII. One pass over alternating word/gap tokens: linear in the text length.

/** A detection in normalised-text offsets: [kind, start, end). */
export type Found = [kind: 'phone' | 'email' | 'url' | 'messenger' | 'payment', start: number, end: number];

// Spelled digits, longest first where one is a prefix of another is impossible, so order is free.
const DIGIT_WORDS: [string, string][] = [
  ['zero', '0'],
  ['oh', '0'],
  ['one', '1'],
  ['two', '2'],
  ['three', '3'],
  ['four', '4'],
  ['five', '5'],
  ['six', '6'],
  ['seven', '7'],
  ['eight', '8'],
  ['nine', '9'],
];
// Letters that stand in for digits, trusted only inside a token that also has a real digit ("2l2"),
// so words like "lol" or "iOS" never turn into numbers.
const LOOKALIKE_DIGITS: Record<string, string> = { l: '1', I: '1', i: '1', o: '0', O: '0', s: '5', S: '5', б: '6' };

interface DigitUnit {
  digit: string;
  /** Which typed group (token) the digit came from, to check the number is grouped like a phone. */
  group: number;
  start: number;
  end: number;
}

/** Reads a word token as digits, or returns null if it is an ordinary word. */
function readDigits(token: string, offset: number, group: number): DigitUnit[] | null {
  const lower = token.toLowerCase();
  const units: DigitUnit[] = [];
  let hasRealDigit = false;
  let usedLookalike = false;
  let pos = 0;
  while (pos < token.length) {
    const char = token[pos] as string;
    if (char >= '0' && char <= '9') {
      units.push({ digit: char, group, start: offset + pos, end: offset + pos + 1 });
      hasRealDigit = true;
      pos += 1;
      continue;
    }
    const word = DIGIT_WORDS.find(([w]) => lower.startsWith(w, pos));
    if (word) {
      units.push({ digit: word[1], group, start: offset + pos, end: offset + pos + word[0].length });
      pos += word[0].length;
      continue;
    }
    const lookalike = LOOKALIKE_DIGITS[char];
    if (lookalike === undefined) return null;
    units.push({ digit: lookalike, group, start: offset + pos, end: offset + pos + 1 });
    usedLookalike = true;
    pos += 1;
  }
  if (usedLookalike && !hasRealDigit) return null;
  return units;
}

// What may sit between the digit groups of one number. A bare comma between digits is a thousands
// separator ("1,250"), and "$", ":", "#", "%", "x" or any ordinary word end the number.
const JOINING_GAP = /^[\s.\-()/_+,]{1,4}$/;
const PRICE_AFTER = /^\s*(?:dollars?|bucks|usd)\b/i;

function isNanp(digits: string): boolean {
  // Area code and exchange both start 2-9: "01 2345 6784" left of a UPS number is not a phone.
  return digits.length === 10 && /^[2-9]\d\d[2-9]/.test(digits);
}

/** Typed groups must not straddle the 3-3-4 split: "2024-0919-88" (an invoice) is not "202 409 1988". */
function groupedLikeAPhone(units: DigitUnit[]): boolean {
  let position = 0;
  while (position < units.length) {
    const group = units[position]?.group;
    let end = position;
    while (end < units.length && units[end]?.group === group) end++;
    const wholeNumber = position === 0 && end === units.length;
    if (!wholeNumber && end - position >= 4 && ((position < 3 && end > 3) || (position < 6 && end > 6))) return false;
    position = end;
  }
  return true;
}

export function phonePass(text: string, out: Found[]): void {
  let run: DigitUnit[] = [];
  let gapBeforeRun = '';
  let lastGap = '';
  let group = 0;
  const finish = (following: string) => {
    const digits = run.map((u) => u.digit).join('');
    const isPrice = /\$\s*$/.test(gapBeforeRun) || PRICE_AFTER.test(following);
    const international = /\+\s*$/.test(gapBeforeRun) && digits.length >= 11 && digits.length <= 13;
    let phone: DigitUnit[] | null = null;
    if (isNanp(digits) && groupedLikeAPhone(run)) phone = run;
    else if (digits.length === 11 && digits[0] === '1' && isNanp(digits.slice(1)) && groupedLikeAPhone(run.slice(1))) {
      phone = run;
    } else if (international && !digits.startsWith('1')) phone = run;
    const first = phone?.[0];
    const last = phone?.[phone.length - 1];
    if (!isPrice && first && last) out.push(['phone', first.start, last.end]);
    run = [];
  };
  for (const m of text.matchAll(/[\p{L}\p{N}]+|[^\p{L}\p{N}]+/gu)) {
    const token = m[0];
    const offset = m.index ?? 0;
    if (!/[\p{L}\p{N}]/u.test(token)) {
      const joins = JOINING_GAP.test(token) && token !== ',';
      if (!joins && run.length > 0) finish(text.slice(offset, offset + 12));
      lastGap = token;
      continue;
    }
    const units = readDigits(token, offset, group++);
    if (units === null) {
      if (run.length > 0) finish(token);
      lastGap = '';
      continue;
    }
    if (run.length === 0) gapBeforeRun = lastGap;
    run.push(...units);
    lastGap = '';
  }
  if (run.length > 0) finish('');
}

// Vanity numbers ("555-CALL-NOW", "1-800-FLOWERS"): an area code, then seven keypad characters of which
// at least three are letters, typed in capitals or joined by hyphens/dots — ordinary words after a
// number ("555 call now") are too common in prices and counts to count as a phone.
const VANITY = /(?<![\w-])(?:1[-. ])?\(?[2-9]\d\d\)?([-. ])([A-Za-z0-9]+(?:[-.][A-Za-z0-9]+)*)(?![\w-])/g;

export function vanityPhonePass(text: string, out: Found[]): void {
  for (const m of text.matchAll(VANITY)) {
    const [whole, separator = '', rest = ''] = m;
    const keys = rest.replace(/[-.]/g, '');
    const letters = keys.replace(/[^A-Za-z]/g, '');
    const joined = separator !== ' ' || /[-.]/.test(rest);
    const capitals = letters === letters.toUpperCase();
    if (keys.length !== 7 || letters.length < 3 || !(joined && capitals)) continue;
    out.push(['phone', m.index ?? 0, (m.index ?? 0) + whole.length]);
  }
}
