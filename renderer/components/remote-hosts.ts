// The one memory of which picture and video hosts this session may still ask (picture-hosts.ts),
// shared by avatars and listing videos, kept in sessionStorage so a reload does not ask again.
import { pictureHosts } from './picture-hosts.js';

const UNREACHABLE_KEY = 'unreachablePictureHosts';

export const remoteHosts = pictureHosts({
  origin: window.location.origin,
  online: () => navigator.onLine,
  remembered: (() => {
    try {
      return JSON.parse(sessionStorage.getItem(UNREACHABLE_KEY) ?? '[]') as string[];
    } catch {
      return [];
    }
  })(),
  remember: (unreachable) => sessionStorage.setItem(UNREACHABLE_KEY, JSON.stringify(unreachable)),
});
