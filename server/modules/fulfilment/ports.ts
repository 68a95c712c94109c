// The ports of the fulfilment module (`ServiceDeps<FulfilmentPorts>`); composition.ts gives each
// its adapter.
import type { ShippingLabels } from './labels.js';
import type { ShippingRates } from './rates.js';

export interface FulfilmentPorts {
  /** The carrier's shipping labels. */
  labels: ShippingLabels;
  /** The carrier's rates of `POST /shipping/quote`. */
  shippingRates: ShippingRates;
}
