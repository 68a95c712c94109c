// Which picture hosts the app still asks for pictures. The desktop may run offline (the demo does)
// and a picture host may be down: every broken picture costs a request, a console error and a
// wait. So a host is asked once at a time until one of its pictures has loaded; once one fails,
// no picture of that host is requested again in this session (initials instead), and while the
// machine says it is offline no picture from another host is requested at all.

export type PictureHostState = 'unknown' | 'trying' | 'reachable' | 'unreachable';

export interface PictureHosts {
  /** May `src` be requested now? Takes the host's one attempt when it is unknown. */
  mayLoad(src: string): boolean;
  /** Has `src`'s host failed (or is the machine offline)? Takes no attempt: for media loaded only on demand. */
  unreachable(src: string): boolean;
  loaded(src: string): void;
  failed(src: string): void;
  /** Calls `listener` when a host becomes reachable or unreachable; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
}

/** The host of a picture, or null for one the app always may load (same origin, data:, blob:). */
export function pictureHostOf(src: string, origin: string): string | null {
  let url: URL;
  try {
    url = new URL(src, origin);
  } catch {
    return null;
  }
  if (url.protocol === 'data:' || url.protocol === 'blob:' || url.origin === origin) return null;
  return url.host;
}

export function pictureHosts({
  origin,
  online,
  remembered = [],
  remember = () => {},
}: {
  origin: string;
  /** navigator.onLine: false means no network at all, so no other host is reachable. */
  online: () => boolean;
  /** Hosts found unreachable earlier in this session. */
  remembered?: readonly string[];
  remember?: (unreachable: readonly string[]) => void;
}): PictureHosts {
  const states = new Map<string, PictureHostState>(remembered.map((host) => [host, 'unreachable']));
  // The picture a host is being tried with: asked again (a re-render) it may still load.
  const trying = new Map<string, string>();
  const listeners = new Set<() => void>();
  const settle = (src: string, state: 'reachable' | 'unreachable') => {
    const host = pictureHostOf(src, origin);
    if (host === null || states.get(host) === state) return;
    states.set(host, state);
    trying.delete(host);
    if (state === 'unreachable')
      remember([...states].filter(([, value]) => value === 'unreachable').map(([name]) => name));
    for (const listener of listeners) listener();
  };
  return {
    mayLoad(src) {
      const host = pictureHostOf(src, origin);
      if (host === null) return true;
      const state = states.get(host) ?? 'unknown';
      if (state === 'reachable') return true;
      if (state === 'trying') return trying.get(host) === src;
      if (state !== 'unknown' || !online()) return false;
      states.set(host, 'trying');
      trying.set(host, src);
      return true;
    },
    unreachable(src) {
      const host = pictureHostOf(src, origin);
      if (host === null) return false;
      return states.get(host) === 'unreachable' || (states.get(host) !== 'reachable' && !online());
    },
    loaded: (src) => settle(src, 'reachable'),
    failed: (src) => settle(src, 'unreachable'),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
