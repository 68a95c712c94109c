// The one postal address. `PostalAddress` is its fields as a label prints them; `AddressBody` is
// what a user saves (`/user/shipping-info`, `/user/shipping-info-seller`), checked with the US
// address rules of shared/rules/us-address.ts and stored in its canonical form (state as its
// USPS code, country 'US'); `AddressCheckBody` is what the address check (`POST
// /shipping/validate-address`) takes. The stored address (`Address`, in entities.ts) is
// `PostalAddress` with its id, type and contact fields.
import { z } from 'zod';
import { storedLine, storedText } from './answer-limits.js';
import { ADDRESS_TYPES } from './enums.js';
import { singleLineText } from './text.js';
import { isUsCountry, normaliseZip, stateCodeOf, US_COUNTRY } from '../rules/us-address.js';

export const PostalAddress = z.object({
  firstName: storedLine(),
  lastName: storedLine(),
  addressLineOne: storedLine(),
  addressLineTwo: storedLine().nullable(),
  city: storedLine(),
  /** The USPS two-letter code for an address saved since the rules apply. */
  state: storedLine(),
  zipCode: storedLine(),
  /** 'US' (stored rows saved as 'United States' were rewritten by migration 0015). */
  country: storedLine(),
});
export type PostalAddress = z.infer<typeof PostalAddress>;
export type AddressField = keyof PostalAddress;

const line = (max: number) => singleLineText().trim().min(1).max(max);

/** A state given by its USPS code or its name, any case, saved as the code. */
const usState = line(50).transform((value, context) => {
  const code = stateCodeOf(value);
  if (code) return code;
  context.issues.push({ code: 'custom', input: value, message: `${value} is not a US state or territory code` });
  return z.NEVER;
});

/** Any spelling of the United States ('United States', 'USA', 'us'…), saved as 'US'; 'US' when left out. */
const usCountry = line(100)
  .default(US_COUNTRY)
  .transform((value, context) => {
    if (isUsCountry(value)) return US_COUNTRY;
    context.issues.push({ code: 'custom', input: value, message: 'Only US addresses can be shipped to' });
    return z.NEVER;
  });

/** What a user saves: a US address (the marketplace ships within the US only). */
export const AddressBody = z.strictObject({
  firstName: line(100),
  lastName: line(100),
  addressLineOne: line(200),
  addressLineTwo: singleLineText().trim().max(200).nullable().default(null),
  city: line(100),
  state: usState,
  zipCode: z
    .string()
    .trim()
    .max(10)
    .regex(/^\d{5}(-\d{4})?$/, 'must be a US ZIP code')
    .refine((zip) => normaliseZip(zip) !== null, 'must be a US ZIP code (00000 is no delivery area)'),
  country: usCountry,
  countryCode: singleLineText()
    .trim()
    .length(2)
    .nullable()
    .default(US_COUNTRY)
    .transform((value, context) => {
      if (value === null) return null;
      if (value.toUpperCase() === US_COUNTRY) return US_COUNTRY;
      context.issues.push({ code: 'custom', input: value, message: 'Only US addresses can be shipped to' });
      return z.NEVER;
    }),
  phoneNumber: singleLineText().trim().max(30).nullable().default(null),
  type: z.enum(ADDRESS_TYPES),
});
export type AddressBody = z.output<typeof AddressBody>;

// Every field optional on purpose: a missing one is a field error in the answer (the app shows it
// beside the field), while a wrong type or an unknown field is still a 400.
const checkField = singleLineText().max(200).optional();
export const AddressCheckBody = z.strictObject({
  firstName: checkField,
  lastName: checkField,
  addressLineOne: checkField,
  addressLineTwo: singleLineText().max(200).nullable().optional(),
  city: checkField,
  state: checkField,
  zipCode: checkField,
  country: checkField,
} satisfies Record<AddressField, z.ZodType>);
export type AddressInput = z.input<typeof AddressCheckBody>;

/** A checked address as a label prints it: names as typed, lines upper case, state code, ZIP, 'US'. */
export const NormalisedAddress = PostalAddress.extend({ country: z.literal(US_COUNTRY) });
export type NormalisedAddress = z.output<typeof NormalisedAddress>;

const fieldError = storedText().optional();
/** Valid: the address as a label prints it. Invalid: a message per field, shown beside it. */
export const AddressValidation = z.discriminatedUnion('valid', [
  z.object({ valid: z.literal(true), address: NormalisedAddress }),
  z.object({
    valid: z.literal(false),
    errors: z.object({
      firstName: fieldError,
      lastName: fieldError,
      addressLineOne: fieldError,
      addressLineTwo: fieldError,
      city: fieldError,
      state: fieldError,
      zipCode: fieldError,
      country: fieldError,
    } satisfies Record<AddressField, typeof fieldError>),
  }),
]);
export type AddressValidation = z.output<typeof AddressValidation>;
