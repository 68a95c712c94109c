import { describe, expect, it } from 'vitest';
import { embeddableVideoUrl, isListingVideo } from './listing-video.js';

const KEY = 'listing-video/u-1/3f2a-9c.mp4';

describe('listing video: what the API stores and what the admin app frames', () => {
  it.each([
    // value, stored by the API, framed by the app as
    ['https://cdn.example.test/v.mp4', true, 'https://cdn.example.test/v.mp4'],
    ['HTTPS://cdn.example.test:8443/v.mp4?t=1#start', true, 'HTTPS://cdn.example.test:8443/v.mp4?t=1#start'],
    ['https://www.youtube.com/embed/abc', true, 'https://www.youtube.com/embed/abc'],
    [`https://api.example.test/v1/uploads/${KEY}`, true, `https://api.example.test/v1/uploads/${KEY}`],
    [`http://127.0.0.1:4000/v1/uploads/${KEY}`, true, `https://127.0.0.1:4000/v1/uploads/${KEY}`],
    [
      `http://127.0.0.1:4000/v1/uploads/trimmed-video/u-1/t-2.webm`,
      true,
      `https://127.0.0.1:4000/v1/uploads/trimmed-video/u-1/t-2.webm`,
    ],
    [KEY, true, null],
    ['javascript:alert(document.domain)', false, null],
    ['JavaScript://%0Aalert(1)', false, null],
    ['data:text/html,<script>alert(1)</script>', false, null],
    ['vbscript:msgbox(1)', false, null],
    ['file:///etc/passwd', false, null],
    ['http://videos.example.com/l0.mp4', false, null],
    ['http://127.0.0.1:4000/v1/uploads/profile-picture/u-1/p.jpg', false, null],
    [`http://127.0.0.1:4000/v1/uploads/${KEY}?x=1`, false, null],
    ['//cdn.example.test/v.mp4', false, null],
    ['https://', false, null],
    ['https://user:pw@cdn.example.test/v.mp4', false, null],
    [' https://cdn.example.test/v.mp4', false, null],
    ['https://cdn.example.test/v .mp4', false, null],
    ['https://cdn.example.test/\tv.mp4', false, null],
    ['https:\\\\cdn.example.test\\v.mp4', false, null],
    ['listing-video/../../etc/passwd', false, null],
    ['a video', false, null],
    ['', false, null],
  ] as const)('%s', (value, stored, framed) => {
    expect(isListingVideo(value)).toBe(stored);
    expect(embeddableVideoUrl(value)).toBe(framed);
  });
});
