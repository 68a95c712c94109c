import { describe, expect, it } from 'vitest';
import { ADMIN_API_TIMEOUT_MS } from './api-client.js';
import { ACCESS_TOKEN_KEY, ACCESS_TOKEN_REFRESH_MS } from './session.js';

describe('admin calls and the session token', () => {
  it('a call fails after 60 s; the token is refreshed every 59 minutes and saved as accessToken', () => {
    expect(ADMIN_API_TIMEOUT_MS).toBe(60_000);
    expect(ACCESS_TOKEN_REFRESH_MS).toBe(3_540_000);
    expect(ACCESS_TOKEN_KEY).toBe('accessToken');
  });
});
