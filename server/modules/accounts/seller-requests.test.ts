import { describe, expect, it } from 'vitest';
import { SellerRequestBody } from './seller-requests.js';

describe('SellerRequestBody', () => {
  // Found by the API fuzz (tests/security/api-fuzz.test.ts): the site check ran `new URL()` on a
  // link the url check had already refused, and its TypeError answered 500.
  it.each(['G}', 'instagram.com/me', 'https://', ''])('refuses the unparsable link %j as invalid input', (link) => {
    for (const field of ['instagramLink', 'tikTokLink', 'otherProfileLink']) {
      const parsed = SellerRequestBody.safeParse({ description: 'I sell lamps', [field]: link });
      expect(parsed.success, `${field}: ${link}`).toBe(false);
    }
  });

  it('still takes a link to the right site and refuses one to another', () => {
    expect(
      SellerRequestBody.safeParse({ description: 'x', instagramLink: 'https://www.instagram.com/me' }).success,
    ).toBe(true);
    expect(SellerRequestBody.safeParse({ description: 'x', instagramLink: 'https://example.com/me' }).success).toBe(
      false,
    );
  });
});
