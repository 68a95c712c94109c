// Who may connect, decided at the Socket.IO handshake. Every connection — the first one and
// every reconnection, recovered or not — is a new handshake and runs these checks again.
import type { Socket } from 'socket.io';
import type { AdminRole } from '../../../shared/contract/admin-permissions.js';
import { ADMIN_CONNECT_ERRORS, MARKET_CONNECT_ERRORS, userRoom } from '../../../shared/contract/realtime-events.js';

/** The identity behind an ID token. Rejects when the token is malformed, expired or revoked. */
export type VerifyToken = (token: string) => Promise<{
  uid: string;
  admin: boolean;
  /** absent: the owner */ adminRole?: AdminRole | null | undefined;
  email?: string | null | undefined;
}>;

/** What a socket carries once its handshake passed (`socket.data`). */
export interface RealtimeSocketData {
  /** null for an anonymous buyer-side socket. */
  uid: string | null;
  admin: boolean;
  /** An admin's role (admin-permissions.ts): which `/admin` events reach the socket. */
  adminRole?: AdminRole | null;
  /** An admin's email: who is online, as the review queue's auto-assignment names them. */
  email?: string | null;
}

type Middleware = (socket: Socket, next: (error?: Error) => void) => void;
type OnError = (error: unknown, context: string) => void;

function handshakeToken(socket: Socket): string | null {
  const token: unknown = (socket.handshake.auth as Record<string, unknown> | undefined)?.token;
  return typeof token === 'string' && token.length > 0 ? token : null;
}

/** `/admin`: `auth: {token}` required; a bad token is `unauthorized`, no admin claim `forbidden`. */
export function adminHandshake(verifyToken: VerifyToken, onError: OnError): Middleware {
  return (socket, next) => {
    const token = handshakeToken(socket);
    if (token === null) return next(new Error(ADMIN_CONNECT_ERRORS.unauthorized));
    verifyToken(token).then(
      (identity) => {
        if (!identity.admin) return next(new Error(ADMIN_CONNECT_ERRORS.forbidden));
        const data: RealtimeSocketData = {
          uid: identity.uid,
          admin: true,
          adminRole: identity.adminRole === undefined ? 'owner' : identity.adminRole,
          email: identity.email ?? null,
        };
        socket.data = data;
        next();
      },
      (error: unknown) => {
        onError(error, 'admin handshake: token refused');
        next(new Error(ADMIN_CONNECT_ERRORS.unauthorized));
      },
    );
  };
}

/**
 * Default namespace: anonymous sockets are welcome (listing rooms are public); a socket that
 * presents a token must present a valid one, and then joins its user room. A bad token is
 * refused rather than silently downgraded, so a client never believes it hears its own events
 * when it does not.
 */
export function marketHandshake(verifyToken: VerifyToken, onError: OnError): Middleware {
  return (socket, next) => {
    const token = handshakeToken(socket);
    if (token === null) {
      const data: RealtimeSocketData = { uid: null, admin: false };
      socket.data = data;
      return next();
    }
    verifyToken(token).then(
      (identity) => {
        const data: RealtimeSocketData = { uid: identity.uid, admin: identity.admin };
        socket.data = data;
        next();
      },
      (error: unknown) => {
        // A suspended account is told so (and not retried as a bad token would be).
        if (error instanceof Error && error.name === 'AccountSuspendedError') {
          return next(new Error(MARKET_CONNECT_ERRORS.accountSuspended));
        }
        onError(error, 'market handshake: token refused');
        next(new Error(ADMIN_CONNECT_ERRORS.unauthorized));
      },
    );
  };
}

/** The user room of a verified socket (null when anonymous). */
export function ownUserRoom(socket: Socket): string | null {
  const data = socket.data as RealtimeSocketData | undefined;
  return data?.uid ? userRoom(data.uid) : null;
}

/** The `/admin` room of a role: an event goes only to the roles that may read its list. */
export const adminRoleRoom = (role: AdminRole | null | undefined) => `role:${role ?? 'none'}`;
