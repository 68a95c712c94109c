// An in-page `window.market` test double for the CONTRACT TESTS: it answers every
// MarketApi call from demo rows held in the page, so the UI is tested against the shared
// contract until the browser host (main/core behind a shim) serves the real stack.
// Playwright serializes `installFakeMarket` into the page: it must not use anything from
// outside its own body.
import type { DemoData } from './demo-data.js';

export interface FakeMarketControl {
  calls: { name: string; input: unknown }[];
  /** The next call of this name fails with this error. */
  failNext: Record<string, { status: number; message: string; code: string }>;
  /** Pushes an `/admin` event; with `table`, the server's rows change first, as they would for real. */
  emit(name: string, payload: unknown, table?: string): void;
  setConnection(state: 'connected' | 'reconnecting' | 'offline'): void;
  /**
   * Adds an area's handlers (named as the admin route table names its routes), recorded and
   * failable like the rest: an area's fake lives in a file of its own, installed after this one.
   */
  addHandlers(handlers: Record<string, (input: FakeInput) => unknown>): void;
}

export type FakeInput = {
  params?: { id: string };
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
};

export function installFakeMarket(data: DemoData) {
  type Row = { id: string } & Record<string, unknown>;
  type Input = FakeInput;
  const tables: Record<string, Row[]> = {
    users: data.users as unknown as Row[],
    listings: data.listings as unknown as Row[],
    sold: data.sold as unknown as Row[],
    subcategories: data.subcategories as unknown as Row[],
    ratings: data.ratings as unknown as Row[],
    auctionMessages: data.auctionMessages as unknown as Row[],
    chats: data.chats as unknown as Row[],
    messages: data.messages as unknown as Row[],
    reviewCases: data.reviewCases as unknown as Row[],
  };
  const listeners = new Set<{ names: readonly string[]; listener: (event: unknown) => void }>();
  const connectionListeners = new Set<(state: string) => void>();
  let connection = 'connected';
  const control: FakeMarketControl = {
    calls: [],
    failNext: {},
    emit(name, payload, table) {
      if (table) {
        const row = payload as Row;
        tables[table] = name.endsWith('Deleted')
          ? tables[table]!.filter((r) => r.id !== row.id)
          : [row, ...tables[table]!.filter((r) => r.id !== row.id)];
      }
      for (const entry of listeners) if (entry.names.includes(name)) entry.listener({ name, payload });
    },
    setConnection(state) {
      connection = state;
      for (const listener of connectionListeners) listener(state);
    },
    addHandlers(more) {
      for (const [name, handler] of Object.entries(more)) register(name, handler);
    },
  };
  (window as unknown as { __fakeMarket: FakeMarketControl }).__fakeMarket = control;

  const wait = () => new Promise((resolve) => setTimeout(resolve, 15));
  const ok = (value: unknown) => ({ ok: true, data: value === undefined ? undefined : structuredClone(value) });
  const notFound = { ok: false, error: { status: 404, message: 'Not found', code: 'Not Found' } };
  const find = (table: string, id: string | undefined) => tables[table]!.find((row) => row.id === id);

  function list(table: string, query: Record<string, unknown> = {}, keep: (row: Row) => boolean = () => true) {
    const page = Number(query.page ?? 1);
    const limit = Number(query.limit ?? 10);
    const search = typeof query.search === 'string' ? query.search.toLowerCase() : '';
    let rows = tables[table]!.filter(
      (row) => keep(row) && (!search || JSON.stringify(row).toLowerCase().includes(search)),
    );
    if (typeof query.sortBy === 'string') {
      const key = query.sortBy;
      const sign = query.order === 'DESC' ? -1 : 1;
      rows = [...rows].sort((a, b) => {
        const x = a[key] as string | number;
        const y = b[key] as string | number;
        return x === y ? 0 : (x > y ? 1 : -1) * sign;
      });
    }
    return ok({ count: rows.length, items: rows.slice((page - 1) * limit, page * limit) });
  }
  function patch(table: string, input: Input, changes?: Record<string, unknown>) {
    const row = find(table, input.params?.id);
    if (!row) return notFound;
    Object.assign(row, changes ?? input.body);
    return ok(row);
  }
  /** Approve and reject name the seller request, as the server's routes do, not its user. */
  function decideRequest(input: Input, changes: Record<string, unknown>) {
    const user = tables.users!.find((u) => (u.pendingRequest as { id: string } | null)?.id === input.params?.id);
    if (!user) return notFound;
    Object.assign(user, changes);
    return ok(user);
  }
  function remove(table: string, input: Input) {
    const before = tables[table]!.length;
    tables[table] = tables[table]!.filter((row) => row.id !== input.params?.id);
    return tables[table]!.length === before ? notFound : ok(undefined);
  }
  const notes: Row[] = [];
  tables.audit = [];
  const timeline = (input: Input) => {
    const items = notes
      .filter((note) => note.recordId === input.params?.id)
      .map((note) => ({
        at: note.createdAt,
        kind: 'note',
        summary: note.text,
        actor: 'admin@example.com',
        ref: null,
      }));
    return ok({ count: items.length, items });
  };
  const none = { count: 0, items: [] };
  const emptyPicture = {
    ordersAsBuyer: none,
    ordersAsSeller: none,
    listings: none,
    ratingsReceived: none,
    ratingsGiven: none,
    reports: none,
    strikes: { paymentFailed: 0, warnings: 0 },
    enforcements: [],
    linkedAccounts: [],
  };
  const noImpact = {
    activeListings: 0,
    liveAuctions: 0,
    leadingBids: 0,
    unpaidWins: 0,
    openOrdersAsBuyer: 0,
    openOrdersAsSeller: 0,
    pendingPayoutCents: 0,
  };
  const ringLinks = [
    { from: 'u1', to: 'u2', kind: 'cardFingerprint' },
    { from: 'u1', to: 'u4', kind: 'cardFingerprint' },
    { from: 'u2', to: 'u4', kind: 'deviceToken' },
  ];
  const ringImpacts: Record<string, Record<string, number>> = {
    u1: { activeListings: 1, liveAuctions: 1 },
    u2: { activeListings: 1, leadingBids: 2 },
    u4: { leadingBids: 1 },
  };
  const remaining = (order: Row) => {
    const txs = order.transactions as { type: string; amount: number }[];
    const cents = (type: string) =>
      txs.filter((t) => t.type === type).reduce((sum, t) => sum + Math.round(t.amount * 100), 0);
    return (cents('order_payment') - cents('admin_refund')) / 100;
  };

  const handlers: Record<string, (input: Input) => unknown> = {
    'users.list': (i) =>
      list(
        'users',
        i.query,
        (u) => !i.query?.sellerLevel || String(i.query.sellerLevel).split(',').includes(String(u.sellerLevel)),
      ),
    'search.market': (i) => {
      const q = String(i.query?.q ?? '').toLowerCase();
      const has = (row: unknown) => JSON.stringify(row).toLowerCase().includes(q);
      const users = tables.users!.filter(has).slice(0, 5) as { id: string; userName: string | null; email: string }[];
      const listings = tables.listings!.filter(has).slice(0, 5) as { id: string; title: string; listingType: string }[];
      return ok({
        users: users.map((u) => ({ id: u.id, userName: u.userName, email: u.email })),
        listings: listings.map((l) => ({ id: l.id, title: l.title, listingType: l.listingType })),
        orders: [],
      });
    },
    'users.checkUsername': (i) => ok({ exists: tables.users!.some((u) => u.userName === i.body?.userName) }),
    'users.checkEmail': (i) => ok({ exists: tables.users!.some((u) => u.email === i.body?.email) }),
    'users.get': (i) => (find('users', i.params?.id) ? ok(find('users', i.params?.id)) : notFound),
    'users.update': (i) => patch('users', i),
    'users.delete': (i) => remove('users', i),
    'users.approveRequest': (i) => decideRequest(i, { pendingRequest: null, sellerEnabled: true }),
    'users.rejectRequest': (i) => decideRequest(i, { pendingRequest: null }),
    'users.setSellerEnabled': (i) => patch('users', i),
    'users.setSellerFee': (i) => patch('users', i),
    'users.setFeatured': (i) => patch('users', i),
    'users.setUserName': (i) => patch('users', i),
    'users.setEmail': (i) => patch('users', i),
    'statistics.get': () => ok(data.statistics),
    'listings.active': (i) => list('listings', i.query),
    'listings.get': (i) => (find('listings', i.params?.id) ? ok(find('listings', i.params?.id)) : notFound),
    'listings.update': (i) => patch('listings', i),
    'listings.delete': (i) => remove('listings', i),
    'listings.setFeatured': (i) => patch('listings', i),
    'listings.sold': (i) => list('sold', i.query),
    'listings.soldGet': (i) => (find('sold', i.params?.id) ? ok(find('sold', i.params?.id)) : notFound),
    'orders.get': (i) => (find('sold', i.params?.id) ? ok(find('sold', i.params?.id)) : notFound),
    'orders.delete': (i) => remove('sold', i),
    'orders.cancel': (i) => patch('sold', i, { status: 'cancelled' }),
    'transactions.orderTransactions': (i) => ok(find('sold', i.params?.id)),
    'transactions.refundRemaining': (i) => ok(remaining(find('sold', i.params?.id)!)),
    'transactions.refund': (i) => {
      const order = find('sold', i.params?.id)!;
      (order.transactions as unknown[]).push({
        id: `refund-${Date.now()}`,
        type: 'admin_refund',
        status: 'succeeded',
        amount: i.body?.amount,
        refundReason: i.body?.refundReason,
        refundDate: new Date().toISOString(),
      });
      return ok(order);
    },
    'subcategories.list': (i) => list('subcategories', i.query),
    'subcategories.update': (i) => patch('subcategories', i),
    'ratings.list': (i) => list('ratings', i.query),
    'ratings.delete': (i) => remove('ratings', i),
    'auctionMessages.list': (i) => list('auctionMessages', i.query),
    'auctionMessages.delete': (i) => remove('auctionMessages', i),
    'chats.list': (i) => list('chats', i.query),
    'chats.delete': (i) => remove('chats', i),
    'messages.list': (i) => list('messages', i.query),
    'messages.delete': (i) => remove('messages', i),
    ...reviewHandlers(),
    ...blockHandlers(),
    // Accountability: notes kept in the page, timelines made of them, an empty picture and impact.
    'auditLog.list': (i) => list('audit', i.query),
    'notes.create': (i) => {
      const admin = { uid: 'uid-admin@example.com', email: 'admin@example.com' };
      const note = { id: `note-${notes.length + 1}`, ...i.body, admin, createdAt: new Date().toISOString() } as Row;
      notes.unshift(note);
      return ok(note);
    },

    'users.timeline': (i) => timeline(i),
    'listings.timeline': (i) => timeline(i),
    'orders.timeline': (i) => timeline(i),
    'users.picture': () => ok(emptyPicture),
    // The ring's members hold something each; their sum is the ring's impact below.
    'users.enforcementImpact': (i) => ok({ ...noImpact, ...ringImpacts[String(i.params?.id)] }),
    // A user's ring: user1, user2 and user4 share a card and a device (user1 leads a live auction);
    // every other user is a ring of one.
    'users.ring': (i) => {
      const user = find('users', i.params?.id);
      if (!user) return notFound;
      const ringIds = ['u1', 'u2', 'u4'];
      const ids = ringIds.includes(user.id) ? [user.id, ...ringIds.filter((id) => id !== user.id)] : [user.id];
      const members = ids.map((id) => {
        const row = find('users', id)!;
        const { userName, email, createdAt } = row;
        return { id, userName, email, createdAt, enforcement: row.enforcement ?? null };
      });
      const links = ids.length > 1 ? ringLinks : [];
      const impact = ids.length > 1 ? { ...noImpact, activeListings: 2, liveAuctions: 1, leadingBids: 3 } : noImpact;
      return ok({ members, links, impact, truncated: false, sharedIps: [] });
    },
    'listings.bids': () => ok({ count: 0, items: [] }),
    // user1 sells below standard (late shipments); everyone else is new.
    'users.sellerStanding': (i) => {
      if (!find('users', i.params?.id)) return notFound;
      const window = { from: '2025-12-05T12:00:00.000Z', to: '2026-12-05T12:00:00.000Z' };
      if (i.params?.id !== 'u1')
        return ok({
          level: 'new',
          projectedLevel: 'new',
          window: { ...window, orders: 0 },
          metrics: { defectRate: 0, lateShipmentRate: 0, replyWithin24hRate: null, averageRating: null },
          effects: { payoutHoldDays: 3, activeListingCap: 50 },
        });
      return ok({
        level: 'belowStandard',
        projectedLevel: 'standard',
        window: { ...window, orders: 46 },
        metrics: { defectRate: 1 / 46, lateShipmentRate: 5 / 46, replyWithin24hRate: 0.75, averageRating: 4.25 },
        effects: { payoutHoldDays: 7, activeListingCap: 20 },
      });
    },
    // The first auction has an edit history: its seller's title and price change, then a description
    // added to after the first bid, and an admin's correction; every other listing is unchanged.
    'listings.versions': (i) => {
      if (!find('listings', i.params?.id)) return notFound;
      if (i.params?.id !== 'l0') return ok({ count: 0, items: [] });
      const seller = { id: 'u1', userName: 'user1' };
      const items = [
        {
          version: 3,
          at: '2026-05-03T10:00:00.000Z',
          by: null,
          changes: [{ field: 'title', before: 'Listing 0 lamp', after: 'Listing 0' }],
        },
        {
          version: 2,
          at: '2026-05-02T10:00:00.000Z',
          by: seller,
          changes: [{ field: 'description', before: 'A very long description', after: data.listings[0]!.description }],
        },
        {
          version: 1,
          at: '2026-05-01T10:00:00.000Z',
          by: seller,
          changes: [
            { field: 'title', before: 'Brass lamp', after: 'Listing 0 lamp' },
            { field: 'startingBid', before: 25, after: 20 },
          ],
        },
      ];
      return ok({ count: items.length, items });
    },
    'users.enforce': (i) => {
      const { action, reason, until } = i.body as { action: string; reason: string; until?: string };
      if (action === 'warn') return patch('users', i, {});
      return patch('users', i, { enforcement: action === 'lift' ? null : { action, reason, until: until ?? null } });
    },
  };

  /**
   * Blocks as the server answers them: one in force to start with, a value checked by its kind
   * only as far as the screen needs (an IP range must look like one), a duplicate refused with
   * 409, and a preview whose numbers follow the value (a domain ending in `live.test` leads one
   * live auction, so the dialog's confirmation can be seen).
   */
  function blockHandlers(): Record<string, (input: Input) => unknown> {
    const me = { uid: 'uid-admin@example.com', email: 'admin@example.com' };
    tables.blocks = [
      {
        id: 'block-1',
        kind: 'cardFingerprint',
        value: 'fp_demo_ring_card',
        severity: 'trade',
        reason: 'Card shared by a shill-bidding ring',
        expiresAt: null,
        createdBy: me,
        createdAt: '2026-11-20T10:00:00.000Z',
      },
    ];
    const refused = (status: number, message: string, code: string) => ({
      ok: false,
      error: { status, message, code },
    });
    const invalid = (body: Record<string, unknown>) =>
      body.kind === 'ipRange' && !/^[0-9a-f:.]+(\/\d+)?$/i.test(String(body.value))
        ? refused(400, 'value: not an IP address or CIDR range', 'Bad Request')
        : null;
    return {
      'blocks.list': (i) => {
        const q = i.query ?? {};
        const inList = (value: unknown, field: unknown) =>
          value === undefined || String(value).split(',').includes(String(field));
        const all = tables.blocks!;
        tables.blocks = all.filter((row) => inList(q.kind, row.kind) && inList(q.severity, row.severity));
        const answer = list('blocks', q);
        tables.blocks = all;
        return answer;
      },
      'blocks.preview': (i) => {
        const body = i.body ?? {};
        const bad = invalid(body);
        if (bad) return bad;
        const live = String(body.value).endsWith('live.test');
        return ok({
          accounts: live ? 2 : 0,
          sample: live
            ? [
                { id: 'user-1', userName: 'ringleader' },
                { id: 'user-2', userName: null },
              ]
            : [],
          activeListings: live ? 3 : 0,
          liveAuctionsLed: live ? 1 : 0,
          leadingBids: live ? 2 : 0,
          openOrders: live ? 1 : 0,
          pendingPayoutCents: live ? 4550 : 0,
        });
      },
      'blocks.create': (i) => {
        const body = i.body ?? {};
        const bad = invalid(body);
        if (bad) return bad;
        const value = String(body.value).toLowerCase();
        if (tables.blocks!.some((row) => row.kind === body.kind && row.value === value))
          return refused(409, 'This identifier is already blocked', 'Conflict');
        const block = {
          id: `block-${tables.blocks!.length + 1}-${Date.now()}`,
          kind: body.kind,
          value,
          severity: body.severity,
          reason: body.reason,
          expiresAt: body.expiresAt ?? null,
          createdBy: me,
          createdAt: new Date().toISOString(),
        };
        tables.blocks!.unshift(block as Row);
        return ok(block);
      },
      'blocks.lift': (i) => remove('blocks', i),
      // The ring's card and device, once each, blocked with the body's terms.
      'users.ringBlock': (i) => {
        const ring = ['u1', 'u2', 'u4'];
        if (!ring.includes(String(i.params?.id))) return notFound;
        const body = i.body ?? {};
        const wanted = [
          { kind: 'cardFingerprint', value: 'fp_ring_shared_card' },
          { kind: 'deviceToken', value: 'device-ring-shared' },
        ].filter((w) => !tables.blocks!.some((row) => row.kind === w.kind && row.value === w.value));
        const items = wanted.map((w, n) => ({
          id: `block-ring-${n}-${Date.now()}`,
          ...w,
          severity: body.severity,
          reason: body.reason,
          expiresAt: body.expiresAt ?? null,
          createdBy: me,
          createdAt: new Date().toISOString(),
        }));
        tables.blocks!.unshift(...(items as Row[]));
        return ok({ created: items.length, items });
      },
    };
  }

  /** The review queue as the server answers it: filters (one value or a comma list), claims by this admin. */
  function reviewHandlers(): Record<string, (input: Input) => unknown> {
    const me = { uid: 'uid-admin@example.com', email: 'admin@example.com' };
    const macros: Row[] = [
      { id: 'macro-spam', title: 'Spam: remove', outcome: 'contentRemoved', note: 'Spam removed by macro' },
    ];
    const views: Row[] = [];
    const inList = (value: unknown, field: unknown) =>
      value === undefined || String(value).split(',').includes(String(field));
    const held = (row: Row) => {
      const assignee = row.assignee as { uid: string } | null;
      return row.status === 'claimed' && assignee !== null && assignee.uid !== me.uid;
    };
    const conflict = (message: string) => ({ ok: false, error: { status: 409, message, code: 'Conflict' } });
    const change = (row: Row, changes: Record<string, unknown>) => {
      Object.assign(row, changes, { updatedAt: new Date().toISOString() });
      return ok(row);
    };
    const resolve = (row: Row, body: Record<string, unknown> = {}) =>
      change(row, {
        status: 'resolved',
        outcome: body.macroId ? macros.find((m) => m.id === body.macroId)?.outcome : body.outcome,
        note: body.note ?? null,
        assignee: me,
        resolvedAt: new Date().toISOString(),
      });
    return {
      'reviewCases.list': (i) => {
        const q = i.query ?? {};
        const kept = tables.reviewCases!.filter(
          (row) => inList(q.status, row.status) && inList(q.source, row.source) && inList(q.priority, row.priority),
        );
        const all = tables.reviewCases!;
        tables.reviewCases = kept;
        const answer = list('reviewCases', { ...q, sortBy: undefined });
        tables.reviewCases = all;
        return answer;
      },
      'reviewCases.counts': () => {
        const count = (status: string) => tables.reviewCases!.filter((r) => r.status === status).length;
        const high = tables.reviewCases!.filter((r) => r.status !== 'resolved' && r.priority === 'high').length;
        return ok({ open: count('open'), claimed: count('claimed'), high, overdueHigh: 0, overdue: 0 });
      },
      'reviewCases.get': (i) => {
        const row = find('reviewCases', i.params?.id);
        if (!row) return notFound;
        const message = row.subjectType === 'chatMessage' ? find('messages', row.subjectId as string) : undefined;
        const around = message ? tables.messages!.slice(0, 11).map((m) => ({ ...m, deleted: false })) : [];
        return ok({
          ...row,
          evidence: {
            chatMessage: message ? { ...message, deleted: false } : null,
            aroundMessages: around,
            auctionMessage: null,
            listing: row.subjectType === 'listing' ? (find('listings', row.subjectId as string) ?? null) : null,
            order: row.subjectType === 'order' ? (find('sold', row.subjectId as string) ?? null) : null,
            user: find('users', (row.subjectUser as { id: string } | null)?.id) ?? null,
            reporter: find('users', (row.reporter as { id: string } | null)?.id) ?? null,
            bidLadder: [],
            details: null,
          },
        });
      },
      'reviewCases.claim': (i) => {
        const row = find('reviewCases', i.params?.id);
        if (!row) return notFound;
        if (row.status === 'resolved') return conflict('This case is already resolved');
        return held(row) ? conflict('Another admin holds this case') : change(row, { status: 'claimed', assignee: me });
      },
      'reviewCases.release': (i) => {
        const row = find('reviewCases', i.params?.id);
        if (!row) return notFound;
        return held(row) ? conflict('Another admin holds this case') : change(row, { status: 'open', assignee: null });
      },
      'reviewCases.resolve': (i) => {
        const row = find('reviewCases', i.params?.id);
        if (!row) return notFound;
        if (row.status === 'resolved') return conflict('This case is already resolved');
        if (held(row)) return conflict('Another admin holds this case');
        if (i.body?.outcome === 'contentRemoved' && row.subjectType === 'chatMessage') {
          tables.messages = tables.messages!.filter((m) => m.id !== row.subjectId);
        }
        return resolve(row, i.body);
      },
      'reviewCases.bulkResolve': (i) => {
        const ids = (i.body?.ids ?? []) as string[];
        const rows = ids.map((id) => find('reviewCases', id));
        // All or none, naming the first case that stopped it (as the API does).
        const missing = ids.find((_, index) => !rows[index]);
        if (missing)
          return { ok: false, error: { status: 404, message: `Review case ${missing} not found`, code: 'Not Found' } };
        const stopped = rows.find((row) => row!.status !== 'resolved' && held(row!));
        if (stopped)
          return conflict(`Review case ${stopped.id}: Another admin holds this case; release it or leave it out`);
        const open = rows.filter((row) => row!.status !== 'resolved');
        for (const row of open) resolve(row!, i.body);
        return ok({ resolved: open.length });
      },
      // The team queue: one macro, the saved views this page made, auto-assignment off, an empty range.
      'macros.list': () => ok({ items: macros }),
      'macros.update': (i) => {
        const macro = macros.find((m) => m.id === i.params?.id);
        return macro ? ok(Object.assign(macro, i.body)) : notFound;
      },
      'views.list': () => ok({ items: views }),
      'views.create': (i) => {
        const view = { id: `view-${views.length + 1}`, shared: false, ...i.body, owner: me } as unknown as Row;
        views.push(view);
        return ok(view);
      },
      'views.rename': (i) => {
        const view = views.find((v) => v.id === i.params?.id);
        return view ? ok(Object.assign(view, i.body)) : notFound;
      },
      'views.delete': (i) => {
        const at = views.findIndex((v) => v.id === i.params?.id);
        if (at < 0) return notFound;
        views.splice(at, 1);
        return ok(undefined);
      },
      'team.list': () =>
        ok({
          items: [
            { uid: me.uid, email: me.email, role: 'owner', lastSignInAt: new Date().toISOString(), disabled: false },
            { uid: 'uid-mod', email: 'mod@example.com', role: 'moderator', lastSignInAt: null, disabled: false },
          ],
        }),
      'reviewCases.settings': () => ok({ autoAssign: false }),
      'reviewCases.metrics': () => ok({ backlog: { open: 0, claimed: 0, overdue: 0 }, bySource: [], byAdmin: [] }),
      // The signed-in admin is the one assignee, online.
      'reviewCases.assignees': () => ok({ items: [{ uid: me.uid, email: me.email, role: 'owner', online: true }] }),
    };
  }

  const admin: Record<string, Record<string, (input?: Input) => Promise<unknown>>> = {};
  function register(name: string, handler: (input: Input) => unknown) {
    const [group, call] = name.split('.') as [string, string];
    admin[group] ??= {};
    admin[group][call] = async (input: Input = {}) => {
      control.calls.push({ name, input: structuredClone(input) });
      await wait();
      const failure = control.failNext[name];
      if (failure) {
        delete control.failNext[name];
        return { ok: false, error: failure };
      }
      return handler(input);
    };
  }
  for (const [name, handler] of Object.entries(handlers)) register(name, handler);

  // Support and finance sign in with their scoped roles, so a spec sees what a role is offered.
  const admins: Record<string, { password: string; isAdmin: boolean; role?: string }> = {
    'admin@example.com': { password: 'password', isAdmin: true },
    'support@example.com': { password: 'password', isAdmin: true, role: 'support' },
    'finance@example.com': { password: 'password', isAdmin: true, role: 'finance' },
    'user@example.com': { password: 'password', isAdmin: false },
  };
  const userOf = (email: string) => ({
    uid: `uid-${email}`,
    email,
    displayName: 'Admin',
    photoURL: null,
    isAdmin: true,
    adminRole: admins[email]?.role ?? 'owner',
  });

  (window as unknown as { market: unknown }).market = {
    session: {
      async signIn(email: string, password: string) {
        control.calls.push({ name: 'session.signIn', input: { email } });
        await wait();
        if (email === 'down@example.com') throw new Error('identity provider unreachable');
        const account = admins[email];
        if (!account || account.password !== password)
          return {
            ok: false,
            reason: 'invalid-credentials',
            message: 'Wrong email or password',
            code: 'auth/invalid-credential',
          };
        if (!account.isAdmin) return { ok: false, reason: 'access-denied', message: 'Not an admin' };
        sessionStorage.setItem('fake-market-user', email);
        return { ok: true, user: userOf(email) };
      },
      async signOut() {
        control.calls.push({ name: 'session.signOut', input: {} });
        await wait();
        sessionStorage.removeItem('fake-market-user');
        return true;
      },
      async current() {
        const email = sessionStorage.getItem('fake-market-user');
        return email ? userOf(email) : null;
      },
      async reauthenticate(password: string) {
        control.calls.push({ name: 'session.reauthenticate', input: {} });
        await wait();
        const email = sessionStorage.getItem('fake-market-user');
        const account = email ? admins[email] : undefined;
        if (!account) return { ok: false, reason: 'signed-out', message: 'You are signed out. Sign in again.' };
        if (account.password !== password)
          return { ok: false, reason: 'invalid-credentials', message: 'That password is not right.' };
        return { ok: true };
      },
    },
    admin,
    events: {
      subscribe(names: readonly string[], listener: (event: unknown) => void) {
        const entry = { names, listener };
        listeners.add(entry);
        return () => listeners.delete(entry);
      },
      async connectionState() {
        return connection;
      },
      onConnectionState(listener: (state: string) => void) {
        connectionListeners.add(listener);
        return () => connectionListeners.delete(listener);
      },
    },
    windows: {
      async open(route: string) {
        control.calls.push({ name: 'windows.open', input: route });
      },
      async notify(notice: unknown) {
        control.calls.push({ name: 'windows.notify', input: notice });
      },
      onColorMode: () => () => {},
      onNavigate: () => () => {},
    },
    exports: {
      async saveCsv(list: string, query: unknown) {
        control.calls.push({ name: 'exports.saveCsv', input: { list, query } });
        return { ok: true, rows: 0, file: `${list}.csv` };
      },
      onProgress: () => () => {},
    },
  };
}
