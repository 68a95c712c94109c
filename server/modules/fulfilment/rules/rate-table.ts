// The local shipping rate table: what `POST /shipping/quote` charges when no carrier API is
// plugged in. Pure (no I/O), so the table tests pin every price. The shape follows USPS retail
// pricing (zones from the ZIP codes, a price per service, zone and started pound, dimensional
// weight for big boxes); the numbers are this marketplace's own, not USPS's published prices.
import type { ShippingServiceId } from '../../../../shared/contract/market/fulfilment.js';

export type { ShippingServiceId };

export interface ShippingService {
  service: ShippingServiceId;
  name: string;
  /** Business days from hand-over to delivery, as the carrier advertises them. */
  deliveryDays: { min: number; max: number };
  /** The price in zone 1 for a parcel of one pound or less. */
  baseCents: number;
  /** Added for each zone beyond zone 1. */
  perZoneCents: number;
  /** Added for each started pound beyond the first. */
  perPoundCents: number;
  maxWeightOz: number;
  /** Longest side plus girth (twice the two other sides), in inches. */
  maxLengthPlusGirthIn: number;
}

export const OUNCES_PER_POUND = 16;
/** USPS's divisor: dimensional weight in pounds = length × width × height (inches) / 166. */
export const DIM_DIVISOR = 166;
/** Dimensional weight applies only to parcels over one cubic foot (USPS). */
export const DIM_THRESHOLD_CUBIC_IN = 1728;

export const SHIPPING_SERVICES: readonly ShippingService[] = [
  {
    service: 'usps_ground_advantage',
    name: 'USPS Ground Advantage',
    deliveryDays: { min: 2, max: 5 },
    baseCents: 550,
    perZoneCents: 45,
    perPoundCents: 85,
    maxWeightOz: 70 * OUNCES_PER_POUND,
    maxLengthPlusGirthIn: 130,
  },
  {
    service: 'usps_priority_mail',
    name: 'USPS Priority Mail',
    deliveryDays: { min: 1, max: 3 },
    baseCents: 925,
    perZoneCents: 70,
    perPoundCents: 140,
    maxWeightOz: 70 * OUNCES_PER_POUND,
    maxLengthPlusGirthIn: 108,
  },
  {
    service: 'usps_priority_mail_express',
    name: 'USPS Priority Mail Express',
    deliveryDays: { min: 1, max: 2 },
    baseCents: 2900,
    perZoneCents: 180,
    perPoundCents: 300,
    maxWeightOz: 70 * OUNCES_PER_POUND,
    maxLengthPlusGirthIn: 108,
  },
];

/**
 * Three-digit ZIP prefixes off the mainland: Puerto Rico and the Virgin Islands (006–009),
 * Hawaii (967–968), Guam and the Northern Marianas (969), Alaska (995–999). They are zone 9.
 */
function isOffshore(prefix: number): boolean {
  return (prefix >= 6 && prefix <= 9) || (prefix >= 967 && prefix <= 969) || prefix >= 995;
}

/** How many prefix steps make one more zone: ZIP prefixes grow roughly east to west. */
const PREFIXES_PER_ZONE = 120;

/**
 * The zone between two ZIP codes (five digits first): 1 within one three-digit prefix, 9 to or
 * from Alaska, Hawaii and the territories, else 2 to 8 by the distance of the prefixes. USPS
 * computes zones from the distance between sectional centers; the prefix distance stands for it.
 */
export function shippingZone(fromZip: string, toZip: string): number {
  const from = Number(fromZip.slice(0, 3));
  const to = Number(toZip.slice(0, 3));
  if (from === to) return 1;
  if (isOffshore(from) || isOffshore(to)) return 9;
  return Math.min(8, 2 + Math.floor(Math.abs(from - to) / PREFIXES_PER_ZONE));
}

export interface PackageSize {
  weightOz: number;
  lengthIn: number;
  widthIn: number;
  heightIn: number;
}

export interface BillableWeight {
  actualWeightOz: number;
  /** 0 when the parcel is one cubic foot or less (or its size is unknown: a side of 0). */
  dimensionalWeightOz: number;
  minPackageWeightOz: number;
  /** The largest of the three, in whole ounces (rounded up). */
  billableWeightOz: number;
}

/** What the carrier charges by: the actual weight, the dimensional weight or the subcategory's minimum. */
export function billableWeight(size: PackageSize, minPackageWeightOz: number): BillableWeight {
  const cubicInches = size.lengthIn * size.widthIn * size.heightIn;
  const dimensionalWeightOz =
    cubicInches > DIM_THRESHOLD_CUBIC_IN ? Math.ceil(cubicInches / DIM_DIVISOR) * OUNCES_PER_POUND : 0;
  return {
    actualWeightOz: size.weightOz,
    dimensionalWeightOz,
    minPackageWeightOz,
    billableWeightOz: Math.ceil(Math.max(size.weightOz, dimensionalWeightOz, minPackageWeightOz)),
  };
}

export const lengthPlusGirth = (size: PackageSize): number => {
  const [longest, ...others] = [size.lengthIn, size.widthIn, size.heightIn].sort((a, b) => b - a);
  return longest! + 2 * (others[0]! + others[1]!);
};

export type ServiceRate =
  | {
      service: ShippingServiceId;
      name: string;
      available: true;
      amountCents: number;
      deliveryDays: { min: number; max: number };
    }
  | { service: ShippingServiceId; name: string; available: false; reason: string };

/** One service's price for a billable weight in a zone, or why the service does not take the parcel. */
export function serviceRate(
  service: ShippingService,
  zone: number,
  billableOz: number,
  size: PackageSize,
): ServiceRate {
  const { service: id, name } = service;
  if (billableOz > service.maxWeightOz)
    return { service: id, name, available: false, reason: `Over ${service.maxWeightOz / OUNCES_PER_POUND} lb` };
  const girth = lengthPlusGirth(size);
  if (girth > service.maxLengthPlusGirthIn)
    return {
      service: id,
      name,
      available: false,
      reason: `Length plus girth ${girth} in is over ${service.maxLengthPlusGirthIn} in`,
    };
  const pounds = Math.max(1, Math.ceil(billableOz / OUNCES_PER_POUND));
  const amountCents = service.baseCents + service.perZoneCents * (zone - 1) + service.perPoundCents * (pounds - 1);
  return { service: id, name, available: true, amountCents, deliveryDays: service.deliveryDays };
}

export interface LocalQuote extends BillableWeight {
  zone: number;
  rates: ServiceRate[];
}

/** The whole quote: billable weight, zone and every service's rate, cheapest service first. */
export function localRateQuote(
  fromZip: string,
  toZip: string,
  size: PackageSize,
  minPackageWeightOz: number,
): LocalQuote {
  const weight = billableWeight(size, minPackageWeightOz);
  const zone = shippingZone(fromZip, toZip);
  return { ...weight, zone, rates: SHIPPING_SERVICES.map((s) => serviceRate(s, zone, weight.billableWeightOz, size)) };
}
