// What the buyer app reads before anything else: the US time zones a seller picks an auction's
// end time in (`GET /timezone`) and the app's public settings (`GET /setting`). Every value comes
// from the rule that defines it; nothing is re-declared here.
import { BID_INCREMENT_TABLE } from '../../../shared/rules/bid-increments.js';
import {
  DEFAULT_CURRENCY,
  DEFAULT_CUSTOM_AUCTION_END_TIME,
  DEFAULT_IN_STOCK,
  DEFAULT_MASS_UNIT,
  DEFAULT_MIN_PACKAGE_WEIGHT_OZ,
  DEFAULT_PACKAGE_WEIGHT_OZ,
  DEFAULT_SHIPPING_TYPE,
} from '../../../shared/rules/market-defaults.js';
import { DEFAULT_SELLER_FEE } from '../../../shared/rules/seller-fees.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { ANTI_SNIPE_WINDOW_MS } from '../auctions/index.js';
import { DEFAULT_AUCTION_DURATION_MS } from '../listings/index.js';
import type { AppSettings } from '../../../shared/contract/market/catalogue.js';
import { US_TIME_ZONES } from '../../../shared/contract/time-zones.js';

// The list itself is the contract's (shared/contract/time-zones.ts): a profile's time zone is one of them.
export { US_TIME_ZONES };

export function timeZones() {
  return { count: US_TIME_ZONES.length, items: [...US_TIME_ZONES] };
}

export function appSettings(): AppSettings {
  return {
    currency: DEFAULT_CURRENCY,
    sellerFee: DEFAULT_SELLER_FEE,
    defaultPackageWeightOz: DEFAULT_PACKAGE_WEIGHT_OZ,
    defaultMinPackageWeightOz: DEFAULT_MIN_PACKAGE_WEIGHT_OZ,
    defaultMassUnit: DEFAULT_MASS_UNIT,
    defaultShippingType: DEFAULT_SHIPPING_TYPE,
    defaultInStock: DEFAULT_IN_STOCK,
    defaultCustomAuctionEndTime: DEFAULT_CUSTOM_AUCTION_END_TIME,
    defaultAuctionDurationMs: DEFAULT_AUCTION_DURATION_MS,
    antiSnipeWindowMs: ANTI_SNIPE_WINDOW_MS,
    /** From each band's price (in dollars) up to the next band's, bids go up by `increment`. */
    bidIncrements: BID_INCREMENT_TABLE.map((band) => ({
      from: centsToUsd(band.fromCents),
      increment: centsToUsd(band.incrementCents),
    })),
  };
}
