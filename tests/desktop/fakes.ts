// Fakes at the edges of main/core for unit tests: the identity provider and the socket.
import { adminRoutes, type AdminRouteName, type RouteDef } from '../../shared/contract/admin-api.js';
import { IdentityError, type IdentityProvider, type IdentityUser } from '../../main/core/identity.js';
import type { HubSocket } from '../../main/core/realtime-hub.js';

interface FakeAccount {
  password: string;
  user: IdentityUser;
  claims: Record<string, unknown>;
}

/** An identity provider with accounts in memory; `signedIn` survives "restarts" when shared. */
export class FakeIdentity implements IdentityProvider {
  readonly accounts = new Map<string, FakeAccount>();
  signedIn: FakeAccount | null = null;
  tokenCount = 0;
  signOutError: Error | null = null;
  signInError: IdentityError | null = null;
  policyChecks: string[] = [];

  addAccount(email: string, password: string, claims: Record<string, unknown>): void {
    this.accounts.set(email, {
      password,
      claims,
      user: { uid: `uid-${email}`, email, displayName: null, photoURL: null },
    });
  }
  async ready(): Promise<void> {}
  currentUser(): IdentityUser | null {
    return this.signedIn?.user ?? null;
  }
  async signIn(email: string, password: string): Promise<IdentityUser> {
    if (this.signInError) throw this.signInError;
    const account = this.accounts.get(email);
    if (!account || account.password !== password) {
      throw new IdentityError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).');
    }
    this.signedIn = account;
    return account.user;
  }
  async signOut(): Promise<void> {
    if (this.signOutError) throw this.signOutError;
    this.signedIn = null;
  }
  reauthentications = 0;
  async reauthenticate(password: string): Promise<void> {
    if (!this.signedIn) throw new IdentityError('auth/no-current-user', 'Not signed in');
    if (this.signedIn.password !== password) {
      throw new IdentityError('auth/invalid-credential', 'Firebase: Error (auth/invalid-credential).');
    }
    this.reauthentications++;
    this.tokenCount++;
  }
  async idToken(forceRefresh = false): Promise<string> {
    if (!this.signedIn) throw new IdentityError('auth/no-current-user', 'Not signed in');
    if (forceRefresh || this.tokenCount === 0) this.tokenCount++;
    return `token-${this.signedIn.user.uid}-${this.tokenCount}`;
  }
  async claims(): Promise<Record<string, unknown>> {
    return this.signedIn?.claims ?? {};
  }
  async checkPasswordPolicy(password: string): Promise<unknown> {
    this.policyChecks.push(password);
    return { isValid: false };
  }
  async dispose(): Promise<void> {}
}

type AnyListener = (...args: unknown[]) => void;

/** A socket.io-client stand-in: records connects/disconnects and lets a test emit server events. */
export class FakeSocket implements HubSocket {
  active = false;
  connects = 0;
  disconnects = 0;
  readonly tokens: string[] = [];
  private readonly listeners = new Map<string, AnyListener[]>();
  private readonly anyListeners: ((event: string, ...args: unknown[]) => void)[] = [];
  constructor(private readonly auth: (cb: (data: { token: string }) => void) => void) {}

  on(event: string, listener: (...args: never[]) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener as AnyListener]);
    return this;
  }
  onAny(listener: (event: string, ...args: unknown[]) => void): this {
    this.anyListeners.push(listener);
    return this;
  }
  connect(): this {
    this.connects++;
    this.active = true;
    this.auth((data) => this.tokens.push(data.token));
    return this;
  }
  disconnect(): this {
    this.disconnects++;
    this.active = false;
    this.fire('disconnect', 'io client disconnect');
    return this;
  }
  /** A socket.io lifecycle event (connect, disconnect, connect_error). */
  fire(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) listener(...args);
  }
  /** An event the server emitted on /admin. */
  serverEmit(event: string, payload: unknown): void {
    for (const listener of this.anyListeners) listener(event, payload);
  }
}

export function fakeSocketFactory() {
  const sockets: { url: string; socket: FakeSocket }[] = [];
  const factory = (url: string, auth: (cb: (data: { token: string }) => void) => void) => {
    const socket = new FakeSocket(auth);
    sockets.push({ url, socket });
    return socket;
  };
  return { factory, sockets };
}

export const silentLog = () => {
  const lines: string[] = [];
  return { lines, log: { error: (message: string) => void lines.push(message) } };
};

const sampleBodies: Partial<Record<AdminRouteName, unknown>> = {
  'users.checkUsername': { userName: 'ann' },
  'users.checkEmail': { email: 'ann@market.test' },
  'users.update': { featured: true },
  'users.setSellerEnabled': { sellerEnabled: true },
  'users.setSellerFee': { sellerFee: 7 },
  'users.setFeatured': { featured: true },
  'users.setUserName': { userName: 'ann' },
  'users.setEmail': { email: 'ann@market.test' },
  'listings.update': { title: 'Lamp' },
  'listings.setFeatured': { featured: false },
  'listings.voidBids': { userIds: ['x1'], reason: 'Shill ring', dryRun: true },
  'transactions.refund': { amount: 1.5, refundReason: 'courtesy_refund' },
  'subcategories.update': { minPackageWeightInOz: 12 },
  'notes.create': { recordType: 'user', recordId: 'x1', text: 'Called about a parcel' },
  'users.enforce': { action: 'warn', reason: 'Spam' },
  'rings.enforce': { userIds: ['x1'], action: 'warn', reason: 'Shill bidding' },
  'reviewCases.resolve': { outcome: 'dismissed' },
  'reviewCases.bulkResolve': { ids: ['x1'], outcome: 'dismissed' },
  'reviewCases.assign': { uid: 'uid-moderator' },
  'reviewCases.escalate': { note: 'Looks like a ring' },
  'reviewCases.updateSettings': { autoAssign: true },
  'macros.create': { title: 'Warn', outcome: 'userWarned', note: '' },
  'macros.update': { title: 'Warn again' },
  'views.create': { list: 'users', name: 'New sellers', query: { sortBy: 'createdAt' } },
  'views.rename': { name: 'Sellers to watch' },
  'blocks.create': { kind: 'emailDomain', value: 'throwaway.test', severity: 'signUp', reason: 'Ring domain' },
  'blocks.preview': { kind: 'emailDomain', value: 'throwaway.test', severity: 'signUp' },
  'users.ringBlock': { severity: 'trade', reason: 'Ring under review' },
  'rules.create': { name: 'Young bidder', event: 'bid', expression: 'actor.ageDays < 3', action: 'openCase' },
  'rules.validate': { event: 'bid', expression: 'actor.ageDays < 3' },
  'rules.update': { mode: 'shadow' },
  'rules.backtest': { days: 30 },
  'policyLists.create': { name: 'payWords', kind: 'words', items: ['venmo'] },
  'policyLists.update': { items: ['venmo', 'zelle'] },
  'team.grant': { email: 'mod@market.test', role: 'moderator' },
  'team.setRole': { role: 'finance' },
  'listings.hold': { reason: 'Ring under review' },
  'orders.holdPayout': { reason: 'Ring under review' },
  'orders.submitDispute': { note: 'Delivered with tracking; the buyer confirmed in chat.' },
  'sellerLevels.previewEffects': { belowStandard: { payoutHoldDays: 3, activeListingCap: 20 } },
  'sellerLevels.updateEffects': { belowStandard: { payoutHoldDays: 3, activeListingCap: 20 } },
};

/** The team member the team routes' sample inputs name. */
export const SAMPLE_UID = 'uid-x1';

/** A valid `{params, query, body}` for any admin route. */
export function sampleAdminInput(name: AdminRouteName, id = 'x1'): Record<string, unknown> {
  const route: RouteDef = adminRoutes[name];
  // The export route names its table, not a record, and takes no page.
  if (name === 'exports.csv') return { params: { list: 'users' }, query: { search: 'ann' } };
  if (name === 'search.market') return { query: { q: 'ann@market.test' } };
  if (name === 'metrics.market') return { query: { from: '2026-11-01', to: '2026-11-30', interval: 'day' } };
  // The team's routes name a member by Firebase uid (letters, digits, _ and -).
  if (route.params && route.path.includes(':uid'))
    return { params: { uid: SAMPLE_UID }, ...(sampleBodies[name] ? { body: sampleBodies[name] } : {}) };
  if (name === 'reviewCases.metrics') return { query: { from: '2026-01-01T00:00:00Z', to: '2026-01-31T00:00:00Z' } };
  return {
    ...(route.params ? { params: { id } } : {}),
    ...(route.query ? { query: { page: 1 } } : {}),
    ...(sampleBodies[name] ? { body: sampleBodies[name] } : {}),
  };
}

/** A chat message as the `/admin` namespace's `newMessage` carries it. */
export const chatMessage = {
  id: 'm1',
  user: { id: 'u1', userName: 'ann', avatar: null },
  otherUser: { id: 'u2', userName: 'bob', avatar: null },
  createdAt: '2026-01-01T00:00:00.000Z',
  message: 'hello',
  isSeen: false,
};
