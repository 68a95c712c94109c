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
  DEFAULT_SELLER_FEE,
  DEFAULT_SHIPPING_TYPE,
} from '../../../shared/rules/constants.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { ANTI_SNIPE_WINDOW_MS } from '../auctions/index.js';
import { DEFAULT_AUCTION_DURATION_MS } from '../listings/index.js';
import type { AppSettings } from '../../../shared/contract/market/catalogue.js';

/** The time zones of the US states and inhabited territories (IANA names): the
 * mainland's four zones first, then Arizona, Alaska, Hawaii and the territories. */
export const US_TIME_ZONES = [
  { id: 'America/New_York', label: 'Eastern Time' },
  { id: 'America/Chicago', label: 'Central Time' },
  { id: 'America/Denver', label: 'Mountain Time' },
  { id: 'America/Phoenix', label: 'Mountain Time - Arizona (no daylight saving)' },
  { id: 'America/Los_Angeles', label: 'Pacific Time' },
  { id: 'America/Anchorage', label: 'Alaska Time' },
  { id: 'America/Adak', label: 'Hawaii-Aleutian Time - Aleutian Islands' },
  { id: 'Pacific/Honolulu', label: 'Hawaii Time' },
  { id: 'America/Puerto_Rico', label: 'Atlantic Time - Puerto Rico, US Virgin Islands' },
  { id: 'Pacific/Guam', label: 'Chamorro Time - Guam, Northern Mariana Islands' },
  { id: 'Pacific/Pago_Pago', label: 'Samoa Time - American Samoa' },
] as const;

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
