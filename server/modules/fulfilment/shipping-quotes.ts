// The seller's shipping tools: the options they can offer (`GET /shipping`), a US address check
// (`POST /shipping/validate-address`, the rule in shared/rules/us-address.ts) and a rate quote
// (`POST /shipping/quote`) through the shipping-rates port (`FulfilmentPorts`, picked in composition.ts).
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { QuoteBody, ShippingOptions } from '../../../shared/contract/market/fulfilment.js';
import { LABEL_SIZES, MASS_UNITS, SHIPPING_TYPES } from '../../../shared/contract/enums.js';
import { DEFAULT_MIN_PACKAGE_WEIGHT_OZ } from '../../../shared/rules/market-defaults.js';
import { subcategories } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';
import { badRequest, HttpError, notFound } from '../../platform/http/errors.js';
import { DIM_DIVISOR, DIM_THRESHOLD_CUBIC_IN, OUNCES_PER_POUND } from './rules/rate-table.js';
import type { RateQuote } from './rates.js';
import { normaliseZip } from '../../../shared/rules/us-address.js';
import { appSettings } from '../catalogue/index.js';
import type { ServiceDeps } from '../../platform/services/service-deps.js';
import type { FulfilmentPorts } from './ports.js';

const MIN_PACKAGE_WEIGHT = sqlRow(subcategories, 'min_package_weight_in_oz');

/** What a seller chooses from when setting a listing's shipping, with the app's defaults. */
export function shippingOptions(deps: FulfilmentPorts): z.output<typeof ShippingOptions> {
  const settings = appSettings();
  return {
    services: deps.shippingRates.services().map((service) => ({
      service: service.service,
      name: service.name,
      deliveryDays: service.deliveryDays,
      maxWeightOz: service.maxWeightOz,
      maxLengthPlusGirthIn: service.maxLengthPlusGirthIn,
    })),
    shippingTypes: SHIPPING_TYPES,
    defaultShippingType: settings.defaultShippingType,
    labelSizes: LABEL_SIZES,
    massUnits: MASS_UNITS,
    defaultMassUnit: settings.defaultMassUnit,
    defaultPackageWeightOz: settings.defaultPackageWeightOz,
    defaultMinPackageWeightOz: settings.defaultMinPackageWeightOz,
    dimensionalWeight: { divisor: DIM_DIVISOR, appliesAboveCubicInches: DIM_THRESHOLD_CUBIC_IN },
  };
}

export type QuoteRequest = z.output<typeof QuoteBody>;

export async function quoteShipping(deps: ServiceDeps<FulfilmentPorts>, request: QuoteRequest): Promise<RateQuote> {
  const fromZip = normaliseZip(request.fromZip);
  const toZip = normaliseZip(request.toZip);
  if (!fromZip) throw badRequest('body/fromZip: must be a US ZIP code (12345 or 12345-6789)');
  if (!toZip) throw badRequest('body/toZip: must be a US ZIP code (12345 or 12345-6789)');
  let minPackageWeightOz = DEFAULT_MIN_PACKAGE_WEIGHT_OZ;
  if (request.subCategoryId !== undefined) {
    const [subcategory] = await readRows(
      deps.db,
      MIN_PACKAGE_WEIGHT,
      sql`SELECT min_package_weight_in_oz FROM subcategories WHERE id = ${request.subCategoryId}`,
    );
    if (!subcategory) throw notFound('Subcategory');
    minPackageWeightOz = Number(subcategory.min_package_weight_in_oz);
  }
  try {
    return await deps.shippingRates.quote({
      fromZip,
      toZip,
      size: {
        weightOz: request.massUnit === 'lbs' ? request.weight * OUNCES_PER_POUND : request.weight,
        lengthIn: request.length,
        widthIn: request.width,
        heightIn: request.height,
      },
      minPackageWeightOz,
    });
  } catch {
    // Only a carrier adapter can fail here (the local table cannot): say so, not a bare 500.
    throw new HttpError(503, 'The shipping-rates provider did not answer; try again later');
  }
}
