import { describe, expect, it } from 'vitest';
import { pictureHostOf, pictureHosts } from './picture-hosts.js';

const ORIGIN = 'http://127.0.0.1:5173';
const hosts = (online = true, remembered: string[] = []) => {
  const kept: string[][] = [];
  return {
    kept,
    hosts: pictureHosts({ origin: ORIGIN, online: () => online, remembered, remember: (list) => kept.push([...list]) }),
  };
};

describe('pictureHostOf', () => {
  it.each([
    ['https://i.pravatar.cc/150?u=1', 'i.pravatar.cc'],
    ['https://cdn.example.com:8443/a.png', 'cdn.example.com:8443'],
    ['/pictures/a.png', null],
    [`${ORIGIN}/a.png`, null],
    ['data:image/png;base64,AAAA', null],
    ['blob:http://127.0.0.1:5173/123', null],
    ['http://[bad', null],
  ])('%s → %s', (src, host) => expect(pictureHostOf(src, ORIGIN)).toBe(host));
});

describe('pictureHosts', () => {
  it('asks an unknown host once at a time, then every picture once one loaded', () => {
    const { hosts: h } = hosts();
    expect(h.mayLoad('https://pics.test/1')).toBe(true);
    expect(h.mayLoad('https://pics.test/2')).toBe(false);
    // The picture being tried is still allowed when its cell draws again.
    expect(h.mayLoad('https://pics.test/1')).toBe(true);
    h.loaded('https://pics.test/1');
    expect(h.mayLoad('https://pics.test/2')).toBe(true);
  });

  it('never asks again a host whose picture failed, and remembers it for the session', () => {
    const { hosts: h, kept } = hosts();
    let told = 0;
    h.subscribe(() => (told += 1));
    expect(h.mayLoad('https://down.test/1')).toBe(true);
    h.failed('https://down.test/1');
    expect(h.mayLoad('https://down.test/2')).toBe(false);
    expect(kept).toEqual([['down.test']]);
    expect(told).toBe(1);
    // Another host is still asked.
    expect(h.mayLoad('https://up.test/1')).toBe(true);
  });

  it('asks no other host while offline, and none remembered as unreachable', () => {
    expect(hosts(false).hosts.mayLoad('https://pics.test/1')).toBe(false);
    expect(hosts(true, ['pics.test']).hosts.mayLoad('https://pics.test/1')).toBe(false);
  });

  it('says a host is unreachable once it failed or while offline, without taking its attempt', () => {
    const { hosts: h } = hosts();
    expect(h.unreachable('https://videos.test/1.mp4')).toBe(false);
    // Asking took no attempt: a picture of that host may still be tried.
    expect(h.mayLoad('https://videos.test/a.png')).toBe(true);
    h.failed('https://videos.test/1.mp4');
    expect(h.unreachable('https://videos.test/2.mp4')).toBe(true);
    expect(hosts(false).hosts.unreachable('https://videos.test/1.mp4')).toBe(true);
    expect(hosts(false).hosts.unreachable('/uploads/1.mp4')).toBe(false);
  });

  it('always loads same-origin and inline pictures', () => {
    const { hosts: h } = hosts(false, []);
    expect(h.mayLoad('/a.png')).toBe(true);
    expect(h.mayLoad('data:image/png;base64,AAAA')).toBe(true);
  });
});
