// Where the disputes area listens: the payments webhook fires `chargeDisputed` in the transaction
// that claims the event, and the dispute is kept in that same transaction. Loaded by index.ts.
import { chargeDisputed } from '../payments/index.js';
import { recordChargeDispute } from './disputes.js';

chargeDisputed.subscribe(recordChargeDispute);
