// The shipping-rates port: what `POST /shipping/quote` needs from a carrier (a price per service
// for a parcel between two ZIP codes). The local provider prices from the rate table
// (rate-table.ts) and never calls out; a carrier adapter (USPS Web Tools, a shipping broker)
// would implement the same interface.
import type { QuotedRate, ShippingQuote } from '../../../shared/contract/market/fulfilment.js';
import { centsToUsd } from '../../../shared/rules/money.js';
import { localRateQuote, type PackageSize, SHIPPING_SERVICES, type ShippingService } from './rules/rate-table.js';

export interface RateRequest {
  /** Five-digit or ZIP+4, already validated. */
  fromZip: string;
  toZip: string;
  size: PackageSize;
  /** The listing subcategory's minimum package weight: the carrier never bills less. */
  minPackageWeightOz: number;
}

/** A quote as `POST /shipping/quote` answers it (the contract's ShippingQuote). */
export type RateQuote = ShippingQuote;
export type { QuotedRate };

export interface ShippingRates {
  /** The carrier services a seller can offer, with their limits. */
  services(): readonly ShippingService[];
  quote(request: RateRequest): Promise<RateQuote>;
}

/** The default provider: the local rate table, in dollars. */
export function localShippingRates(): ShippingRates {
  return {
    services: () => SHIPPING_SERVICES,
    quote: async ({ fromZip, toZip, size, minPackageWeightOz }) => {
      const quote = localRateQuote(fromZip, toZip, size, minPackageWeightOz);
      return {
        ...quote,
        rates: quote.rates.map((rate) =>
          rate.available
            ? {
                service: rate.service,
                name: rate.name,
                available: true,
                amount: centsToUsd(rate.amountCents),
                deliveryDays: rate.deliveryDays,
              }
            : rate,
        ),
      };
    },
  };
}
