// Session-wide hardening: the strict CSP on every response and no permission for anything.
import { session } from 'electron';
import { contentSecurityPolicy } from './core/navigation-policy.js';

export function hardenSession(connectOrigins: readonly string[]): void {
  const csp = contentSecurityPolicy(connectOrigins);
  const ses = session.defaultSession;
  ses.webRequest.onHeadersReceived((details, callback) => {
    callback({ responseHeaders: { ...details.responseHeaders, 'Content-Security-Policy': [csp] } });
  });
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
}
