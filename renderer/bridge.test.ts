import { describe, expect, it, vi } from 'vitest';
import type { AdminRouteName } from '../shared/contract/admin-api.js';
import type { AdminApi, AdminCallOf, AdminCallPerRoute } from '../shared/contract/market-api.js';
import { groupedByRoute } from '../shared/contract/route-map.js';
import { withStepUpPrompt } from './bridge.js';

describe('market.admin with the step-up prompt', () => {
  it('asks for the password once and retries a refund refused for an old sign-in', async () => {
    const refund = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, error: { status: 401, code: 'reauthenticationRequired', message: 'old' } })
      .mockResolvedValueOnce({ ok: true, data: { refunded: 1 } });
    const other = vi.fn();
    const host = groupedByRoute<AdminCallPerRoute>(
      <N extends AdminRouteName>(name: N) => (name === 'transactions.refund' ? refund : other) as AdminCallOf<N>,
    );
    const confirm = vi.fn(async () => true);
    const admin = withStepUpPrompt(host, confirm);
    const input = { params: { orderId: 'o1' }, body: { amount: 1 } } as never;
    expect(await admin.transactions.refund(input)).toEqual({ ok: true, data: { refunded: 1 } });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(refund).toHaveBeenCalledTimes(2);
    expect(refund).toHaveBeenLastCalledWith(input);
    expect(other).not.toHaveBeenCalled();
  });

  it('reports a write refused with 503 at once, without repeating it, and says the service is down', async () => {
    const down = { ok: false, error: { status: 503, code: 'databaseUnavailable', message: 'down' } };
    const refund = vi.fn(async () => down);
    const host = groupedByRoute<AdminCallPerRoute>(
      <N extends AdminRouteName>(name: N) => (name === 'transactions.refund' ? refund : vi.fn()) as AdminCallOf<N>,
    );
    const states: boolean[] = [];
    const admin = withStepUpPrompt(
      host,
      async () => true,
      (unavailable) => states.push(unavailable),
    );
    expect(await admin.transactions.refund({ params: { orderId: 'o1' }, body: { amount: 1 } } as never)).toBe(down);
    expect(refund).toHaveBeenCalledTimes(1);
    expect(states).toEqual([true]);
  });

  const steppedUpCalls: [string, AdminRouteName, (admin: AdminApi) => Promise<unknown>][] = [
    ['a ring enforcement', 'rings.enforce', (admin) => admin.rings.enforce({} as never)],
    ['voiding bids', 'listings.voidBids', (admin) => admin.listings.voidBids({} as never)],
    ['a payout hold', 'orders.holdPayout', (admin) => admin.orders.holdPayout({} as never)],
    ['lifting a payout hold', 'orders.releasePayoutHold', (admin) => admin.orders.releasePayoutHold({} as never)],
  ];
  it.each(steppedUpCalls)('asks for the password and retries %s too', async (_, route, send) => {
    const call = vi
      .fn()
      .mockResolvedValueOnce({ ok: false, error: { status: 401, code: 'reauthenticationRequired', message: 'old' } })
      .mockResolvedValueOnce({ ok: true, data: {} });
    const host = groupedByRoute<AdminCallPerRoute>(
      <N extends AdminRouteName>(name: N) => (name === route ? call : vi.fn()) as AdminCallOf<N>,
    );
    const confirm = vi.fn(async () => true);
    expect(await send(withStepUpPrompt(host, confirm))).toEqual({ ok: true, data: {} });
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(2);
  });
});
