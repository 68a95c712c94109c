import { describe, expect, it } from 'vitest';
import { sniffImageType } from './image-type.js';

const bytes = (...values: number[]) => Uint8Array.from(values);
const ascii = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));

describe('sniffImageType', () => {
  it.each([
    ['a JPEG', bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), 'image/jpeg'],
    ['a PNG', bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d), 'image/png'],
    ['a WebP', ascii('RIFF\u0024\u0000\u0000\u0000WEBPVP8 '), 'image/webp'],
    ['a GIF', ascii('GIF89a'), null],
    ['a RIFF that is a WAV', ascii('RIFF\u0024\u0000\u0000\u0000WAVEfmt '), null],
    ['an SVG (scripts inside)', ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'), null],
    ['a truncated PNG signature', bytes(0x89, 0x50, 0x4e), null],
    ['nothing', bytes(), null],
  ])('%s', (_case, input, type) => {
    expect(sniffImageType(input)).toBe(type);
  });
});
