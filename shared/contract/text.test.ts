import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  CONTROL_CHARACTERS_MESSAGE,
  freeText,
  hasControlCharacters,
  singleLineText,
  withoutControlCharacters,
} from './text.js';

/** Every C0 control character and DEL, by code point. */
const CONTROLS = [...Array.from({ length: 0x20 }, (_, code) => code), 0x7f];
const LINE_BREAKS = [0x09, 0x0a, 0x0d];
const hex = (code: number) => `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
const issues = (schema: z.ZodType, value: string) =>
  schema.safeParse(value).error?.issues.map((issue) => issue.message);

describe('single-line text', () => {
  const name = singleLineText().trim().min(1).max(50);

  it.each(CONTROLS.map((code) => [hex(code), code]))('refuses %s anywhere in the text', (_, code) => {
    for (const text of [
      String.fromCharCode(code),
      `a${String.fromCharCode(code)}b`,
      `ann${String.fromCharCode(code)}`,
    ]) {
      expect(issues(name, text)).toContain(CONTROL_CHARACTERS_MESSAGE);
      expect(hasControlCharacters(text)).toBe(true);
    }
  });

  it.each([
    ['plain text', 'Ann Lee'],
    ['punctuation and quotes', `o'brien "x" \\ % _ $$`],
    ['letters beyond ASCII', 'Zoë 李 🙂'],
    ['U+0080 and U+00A0 (not C0 controls)', 'a\u0080b\u00a0c'],
  ])('accepts %s', (_, text) => {
    expect(name.safeParse(text).success).toBe(true);
    expect(hasControlCharacters(text)).toBe(false);
  });

  it('still trims and counts after the check', () => {
    expect(name.parse('  Ann  ')).toBe('Ann');
    expect(issues(name, '   ')).toEqual([expect.stringMatching(/>=1 characters/)]);
  });
});

describe('free text', () => {
  const message = freeText().trim().min(1).max(500);

  it.each(LINE_BREAKS.map((code) => [hex(code), code]))('keeps %s', (_, code) => {
    const text = `line one${String.fromCharCode(code)}line two`;
    expect(message.parse(text)).toBe(text);
    expect(hasControlCharacters(text, { lineBreaks: true })).toBe(false);
  });

  it.each(CONTROLS.filter((code) => !LINE_BREAKS.includes(code)).map((code) => [hex(code), code]))(
    'refuses %s',
    (_, code) => {
      const text = `hello${String.fromCharCode(code)}world`;
      expect(issues(message, text)).toContain(CONTROL_CHARACTERS_MESSAGE);
      expect(hasControlCharacters(text, { lineBreaks: true })).toBe(true);
    },
  );
});

describe('withoutControlCharacters', () => {
  const link = withoutControlCharacters(z.url({ protocol: /^https?$/ }).max(2000));

  it('refuses a URL the URL parser alone would accept', () => {
    expect(z.url().safeParse('https://example.test/a\u0000b').success).toBe(true);
    expect(issues(link, 'https://example.test/a\u0000b')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    expect(issues(link, 'https://example.test/a\u007fb')).toEqual([CONTROL_CHARACTERS_MESSAGE]);
    // zod's URL check itself strips tab and line breaks before the control check sees them.
    expect(link.parse('https://example.test/a\tb')).toBe('https://example.test/ab');
  });

  it('keeps the wrapped format check', () => {
    expect(link.parse('https://example.test/a')).toBe('https://example.test/a');
    expect(link.safeParse('ftp://example.test/a').success).toBe(false);
  });
});
