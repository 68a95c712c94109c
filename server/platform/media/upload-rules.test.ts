import { describe, expect, it } from 'vitest';
import { checkUploadSignature, mediaKeyFor, parseMediaKey, uploadSignature } from './upload-rules.js';

const SECRET = 'a-test-secret-of-at-least-32-characters!';
const KEY = 'listing-video/user-1/0b7c4c1e-8f7a-4d2e-9c1e-2f3a4b5c6d7e.mp4';
const NOW = 1_700_000_000_000;

describe('media keys', () => {
  it.each([
    ['listing-video', 'video/mp4', 'listing-video/u1/n1.mp4'],
    ['listing-video', 'video/quicktime', 'listing-video/u1/n1.mov'],
    ['trimmed-video', 'video/webm', 'trimmed-video/u1/n1.webm'],
    ['profile-picture', 'image/png', 'profile-picture/u1/n1.png'],
    ['listing-video', 'image/png', null],
    ['profile-picture', 'video/mp4', null],
    ['listing-video', 'text/html', null],
  ] as const)('%s of %s → %s', (kind, contentType, key) => {
    expect(mediaKeyFor(kind, 'u1', 'n1', contentType)).toBe(key);
  });

  it.each([
    [KEY, { kind: 'listing-video', ownerId: 'user-1', contentType: 'video/mp4' }],
    ['profile-picture/u1/n1.jpg', { kind: 'profile-picture', ownerId: 'u1', contentType: 'image/jpeg' }],
    ['listing-video/../etc/passwd.mp4', null],
    ['/listing-video/u1/n1.mp4', null],
    ['listing-video/u1/n1.exe', null],
    ['other-kind/u1/n1.mp4', null],
    ['listing-video/u1/sub/n1.mp4', null],
  ])('parses %s', (key, expected) => {
    expect(parseMediaKey(key)).toEqual(expected === null ? null : { key, ...expected });
  });
});

describe('checkUploadSignature', () => {
  const expires = NOW + 60_000;
  const signature = uploadSignature(SECRET, KEY, expires);
  it.each([
    ['the signed URL before it expires', SECRET, KEY, String(expires), signature, NOW, 'ok'],
    ['the signed URL at its expiry', SECRET, KEY, String(expires), signature, expires, 'expired'],
    ['another key', SECRET, KEY.replace('user-1', 'user-2'), String(expires), signature, NOW, 'forged'],
    ['a pushed-back expiry', SECRET, KEY, String(expires + 1), signature, NOW, 'forged'],
    ['another secret', `${SECRET}x`, KEY, String(expires), signature, NOW, 'forged'],
    ['a signature of another length', SECRET, KEY, String(expires), signature.slice(1), NOW, 'forged'],
    ['an expiry that is not a number', SECRET, KEY, 'soon', signature, NOW, 'forged'],
  ])('%s', (_case, secret, key, given, sig, now, expected) => {
    expect(checkUploadSignature(secret, key, given, sig, now)).toBe(expected);
  });
});
