// The policy routes (rules, named lists, backtests, matches) of the in-page `window.market`
// double, installed after fake-market.ts through its `addHandlers`. Playwright serializes
// `installFakePolicy` into the page, so it uses nothing from outside its own body but its argument:
// the contract's typed context, so the fake's "validation" knows the same fields as the server.
// It answers as the server does where the screens look: a misspelt field is a 400 naming it with
// its position, `on` needs a backtest of the current version (409 backtestRequired), and a change
// of name, message or mode keeps the backtest while a change of what the rule judges does not.
import type { FakeInput, FakeMarketControl } from './fake-market.js';

export interface PolicyContext {
  actor: Record<string, string>;
  events: Record<string, Record<string, string>>;
}

export function installFakePolicy(context: PolicyContext) {
  type Row = Record<string, unknown> & { id: string };
  const control = (window as unknown as { __fakeMarket: FakeMarketControl }).__fakeMarket;
  const me = { uid: 'uid-admin@example.com', email: 'admin@example.com' };
  const ok = (value: unknown) => ({ ok: true, data: value === undefined ? undefined : structuredClone(value) });
  const refused = (status: number, message: string, code: string) => ({ ok: false, error: { status, message, code } });
  const notFound = refused(404, 'Not found', 'Not Found');
  const lists: Row[] = [
    {
      id: 'list-1',
      name: 'payWords',
      kind: 'words',
      items: ['paypal', 'wire transfer', 'western union'],
      updatedAt: '2026-12-01T09:00:00.000Z',
    },
  ];
  const rules: Row[] = [
    {
      id: 'rule-1',
      name: 'Young account bids on its ring',
      event: 'bid',
      expression: 'actor.ageDays < 3 && bid.sharesRingWithSeller',
      action: 'openCase',
      priority: 'high',
      publicMessage: null,
      mode: 'shadow',
      version: 2,
      createdBy: me,
      updatedAt: '2026-12-02T09:00:00.000Z',
      // Its precision (75 %, below) against the owner's target: the editor warns.
      precisionTarget: 0.8,
    },
  ];
  const stats: Record<string, Row> = {
    'rule-1': { id: 'rule-1', matches7d: 4, actions7d: 0, upheld: 3, overturned: 1, precision: 0.75 },
  };
  /** `ruleId:version` of every backtest made (or carried over). */
  const backtested = new Set<string>();
  const matches: Record<string, Row[]> = {
    'rule-1': [
      {
        id: 'match-1',
        at: '2026-12-04T18:30:00.000Z',
        ruleId: 'rule-1',
        version: 2,
        mode: 'shadow',
        subjectId: 'bid-481',
        actorId: 'user-17',
        action: 'openCase',
        done: false,
      },
    ],
  };
  const find = (id: string | undefined) => rules.find((rule) => rule.id === id);
  /** Every version saved here, newest first (a demo rule without one shows its current version). */
  const history: Record<string, Record<string, unknown>[]> = {};
  const keepVersion = (rule: Row) => {
    const { version, event, expression, action, mode, updatedAt } = rule;
    (history[String(rule.id)] ??= []).unshift({
      version,
      event,
      expression,
      action,
      mode,
      changedBy: me.uid,
      at: updatedAt,
    });
  };

  /** The server's check, as far as the screens need: known variables and fields, no dangling operator. */
  function check(event: string, expression: string): string | null {
    const lines = expression.split('\n');
    for (let line = 0; line < lines.length; line++) {
      for (const found of lines[line]!.matchAll(/\b([A-Za-z]+)\.([A-Za-z]+)\b/g)) {
        const [, variable, field] = found as unknown as [string, string, string];
        const at = `(line ${line + 1}, column ${found.index! + variable.length + 2})`;
        if (variable === 'lists') {
          if (!lists.some((list) => list.name === field)) return `expression: No such key: ${field} ${at}`;
          continue;
        }
        const fields = variable === 'actor' ? context.actor : variable === event ? context.events[event] : undefined;
        if (!fields) return `expression: Unknown variable: ${variable} (line ${line + 1}, column ${found.index! + 1})`;
        if (!(field in fields)) return `expression: No such key: ${field} ${at}`;
      }
    }
    if (/(&&|\|\||[<>=!]=?|[+\-*/])\s*$/.test(expression))
      return `expression: Unexpected token: EOF (line ${lines.length}, column ${lines.at(-1)!.length + 1})`;
    return null;
  }
  const invalid = (body: Record<string, unknown>) => {
    const problem = check(String(body.event), String(body.expression));
    return problem ? refused(400, problem, 'Bad Request') : null;
  };

  control.addHandlers({
    'rules.list': (i: FakeInput) => {
      const search = String(i.query?.search ?? '').toLowerCase();
      const items = rules.filter((rule) => !search || `${rule.name} ${rule.expression}`.toLowerCase().includes(search));
      return ok({ count: items.length, items });
    },
    'rules.get': (i: FakeInput) => {
      const rule = find(i.params?.id);
      if (!rule) return notFound;
      const { id: _, ...ruleStats } = stats[rule.id] ?? {
        id: rule.id,
        matches7d: 0,
        actions7d: 0,
        upheld: 0,
        overturned: 0,
        precision: null,
      };
      return ok({ ...rule, stats: ruleStats });
    },
    'rules.validate': (i: FakeInput) => invalid(i.body ?? {}) ?? ok({ valid: true }),
    'rules.create': (i: FakeInput) => {
      const body = i.body ?? {};
      const bad = invalid(body);
      if (bad) return bad;
      if (rules.some((rule) => rule.name === body.name))
        return refused(409, 'A rule with this name exists already', 'Conflict');
      if (body.mode === 'on')
        return refused(409, 'Backtest the current version of this rule before switching it on', 'backtestRequired');
      const rule: Row = {
        id: `rule-${rules.length + 1}-${Date.now()}`,
        priority: 'normal',
        publicMessage: null,
        mode: 'off',
        precisionTarget: null,
        ...body,
        version: 1,
        createdBy: me,
        updatedAt: new Date().toISOString(),
      };
      rules.unshift(rule);
      keepVersion(rule);
      return ok(rule);
    },
    'rules.update': (i: FakeInput) => {
      const rule = find(i.params?.id);
      if (!rule) return notFound;
      const next = { ...rule, ...i.body };
      const judged = ['event', 'expression', 'action'].some((key) => next[key] !== rule[key]);
      if (i.body?.expression !== undefined || i.body?.event !== undefined) {
        const bad = invalid(next);
        if (bad) return bad;
      }
      if (next.mode === 'on' && (judged || !backtested.has(`${rule.id}:${String(rule.version)}`)))
        return refused(409, 'Backtest the current version of this rule before switching it on', 'backtestRequired');
      const version = Number(rule.version) + 1;
      if (!judged && backtested.has(`${rule.id}:${String(rule.version)}`)) backtested.add(`${rule.id}:${version}`);
      Object.assign(rule, next, { version, updatedAt: new Date().toISOString() });
      keepVersion(rule);
      return ok(rule);
    },
    'rules.delete': (i: FakeInput) => {
      const at = rules.findIndex((rule) => rule.id === i.params?.id);
      if (at < 0) return notFound;
      rules.splice(at, 1);
      return ok(undefined);
    },
    // 30 days of history: a longer window finds more, a shorter one less, split as the server splits.
    'rules.backtest': (i: FakeInput) => {
      const rule = find(i.params?.id);
      if (!rule) return notFound;
      const days = Number(i.body?.days);
      if (!Number.isInteger(days) || days < 1 || days > 90)
        return refused(400, 'days: between 1 and 90', 'Bad Request');
      backtested.add(`${rule.id}:${String(rule.version)}`);
      const scale = Math.min(days, 30) / 30;
      const byOutcome = {
        voided: Math.round(6 * scale),
        enforced: Math.round(3 * scale),
        refunded: Math.round(1 * scale),
        appealGranted: Math.round(1 * scale),
        caseDismissed: Math.round(2 * scale),
        none: Math.round(5 * scale),
      };
      const total = Object.values(byOutcome).reduce((sum, count) => sum + count, 0);
      return ok({
        ruleId: rule.id,
        version: rule.version,
        days,
        evaluated: 1200 * days,
        matches: total,
        byOutcome,
        // Named as the demo data names them (user u3 is user3, listing l0 is "Listing 0").
        samples: [
          {
            at: '2026-12-03T12:00:00.000Z',
            subjectId: 'bid-412',
            actorId: 'u3',
            opens: { type: 'listing', id: 'l0' },
            actorName: 'user3',
            listingTitle: 'Listing 0',
          },
          {
            at: '2026-12-02T09:00:00.000Z',
            subjectId: 'msg-77',
            actorId: 'u3',
            opens: { type: 'user', id: 'u3' },
            actorName: 'user3',
            listingTitle: null,
          },
        ],
        // The matches spread over the window's days, as the server's daily series gives them.
        perDay: Array.from({ length: days + 1 }, (_, index) => ({
          day: new Date(Date.UTC(2026, 11, 5) - (days - index) * 86_400_000).toISOString().slice(0, 10),
          matches: index === days ? total - Math.floor(total / 2) : index === days - 3 ? Math.floor(total / 2) : 0,
        })),
      });
    },
    'rules.versions': (i: FakeInput) => {
      const rule = find(i.params?.id);
      if (!rule) return notFound;
      const { version, event, expression, action, mode, updatedAt } = rule;
      const items = history[String(rule.id)] ?? [
        { version, event, expression, action, mode, changedBy: me.uid, at: updatedAt },
      ];
      return ok({ count: items.length, items });
    },
    'rules.matches': (i: FakeInput) => {
      const items = matches[i.params?.id ?? ''] ?? [];
      return ok({ count: items.length, items: items.map(({ id: _, ...match }) => match) });
    },
    'policyLists.list': () => ok({ items: lists }),
    'policyLists.create': (i: FakeInput) => {
      const body = i.body ?? {};
      if (!/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(String(body.name)))
        return refused(400, 'name: letters and digits, starting with a letter (at most 64)', 'Bad Request');
      if (lists.some((list) => list.name === body.name))
        return refused(409, 'A list with this name exists already', 'Conflict');
      const list: Row = { id: `list-${lists.length + 1}-${Date.now()}`, ...body, updatedAt: new Date().toISOString() };
      lists.push(list);
      return ok(list);
    },
    'policyLists.update': (i: FakeInput) => {
      const list = lists.find((row) => row.id === i.params?.id);
      if (!list) return notFound;
      Object.assign(list, { items: i.body?.items, updatedAt: new Date().toISOString() });
      return ok(list);
    },
    'policyLists.delete': (i: FakeInput) => {
      const at = lists.findIndex((row) => row.id === i.params?.id);
      if (at < 0) return notFound;
      const name = String(lists[at]!.name);
      const reader = rules.find((rule) => String(rule.expression).includes(`lists.${name}`));
      if (reader) return refused(409, `The rule "${String(reader.name)}" reads this list`, 'Conflict');
      lists.splice(at, 1);
      return ok(undefined);
    },
  });
}
