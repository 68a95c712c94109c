import { describe, expect, it } from 'vitest';
import { biddersSubtitle, homePage, homePageCount, signUpsSubtitle } from './home-tables.js';

describe('dashboard home', () => {
  const rows = Array.from({ length: 12 }, (_, i) => i);
  it('pages 5 rows at a time (0-based pages)', () => {
    expect(homePage(rows, 0)).toEqual([0, 1, 2, 3, 4]);
    expect(homePage(rows, 2)).toEqual([10, 11]);
    expect(homePageCount(rows)).toBe(3);
    expect(homePageCount([])).toBe(1);
  });
  it('writes the card subtitles', () => {
    expect(signUpsSubtitle(3)).toBe('3 new sign ups in the past 24 hours');
    expect(biddersSubtitle(0)).toBe('0 new bidders in the past 24 hours');
  });
});
