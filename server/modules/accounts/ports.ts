// The port of the accounts module (`ServiceDeps<AccountPorts>`); composition.ts gives it its adapter.
import type { SmsSender } from './sms.js';

export interface AccountPorts {
  /** Phone verification's texts. */
  sms: SmsSender;
}
