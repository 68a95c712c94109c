// The address rule behind `POST /shipping/validate-address`: which fields a US shipping address
// needs, what a state code and a ZIP code look like, and the normalised form a label prints.
// Pure (no I/O): it checks form, not deliverability (that needs a carrier's address API). The
// address schema a user saves (shared/contract/address.ts) applies the same state, ZIP and
// country rules.
import type { AddressField, AddressInput, AddressValidation, NormalisedAddress } from '../contract/address.js';

export type { AddressField, AddressInput, AddressValidation, NormalisedAddress };

/** USPS state and territory codes (Publication 28, appendix B), with the armed forces' AA/AE/AP. */
export const US_STATES: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
  AA: 'Armed Forces Americas',
  AE: 'Armed Forces Europe',
  AP: 'Armed Forces Pacific',
};

/** The one country we ship to, as addresses store it. */
export const US_COUNTRY = 'US';

const STATE_BY_NAME = new Map(Object.entries(US_STATES).map(([code, name]) => [name.toUpperCase(), code]));
/** Spellings of the one country we ship to. */
const US_NAMES = new Set(['US', 'USA', 'U.S.', 'U.S.A.', 'UNITED STATES', 'UNITED STATES OF AMERICA']);

/** Whether `value` is a spelling of the United States ('US', 'usa', 'United States'…). */
export const isUsCountry = (value: string) => US_NAMES.has(squeeze(value).toUpperCase());

/** Longest line a 4x6 label prints in full (USPS recommends at most 40 characters per line). */
export const MAX_ADDRESS_LINE = 40;
const MAX_NAME = 50;

/** Trimmed, with every run of whitespace (tabs, newlines, double spaces) made one space. */
const squeeze = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/**
 * The ZIP in its printed form: five digits, or ZIP+4 as `12345-6789` (nine bare digits are
 * accepted and hyphenated); null when it is neither. 00000 is no delivery area.
 */
export function normaliseZip(value: string): string | null {
  const compact = value.replace(/\s+/g, '');
  const match = /^(\d{5})(?:-?(\d{4}))?$/.exec(compact);
  if (!match || match[1] === '00000') return null;
  return match[2] ? `${match[1]}-${match[2]}` : match[1]!;
}

/** The two-letter code of a state given by code or by name, any case; null when unknown. */
export function stateCodeOf(value: string): string | null {
  const upper = squeeze(value).toUpperCase();
  if (upper in US_STATES) return upper;
  return STATE_BY_NAME.get(upper) ?? null;
}

/**
 * Checks and normalises a US address. Names keep their case (McDonald, de la Cruz); address
 * lines and the city are upper case, the form USPS Publication 28 asks for on mail.
 */
export function validateUsAddress(input: AddressInput): AddressValidation {
  const errors: Partial<Record<AddressField, string>> = {};
  const required = (field: AddressField, label: string, max: number): string => {
    const value = squeeze(input[field]);
    if (value === '') errors[field] = `${label} is required`;
    else if (value.length > max) errors[field] = `${label} must be at most ${max} characters`;
    return value;
  };
  const firstName = required('firstName', 'First name', MAX_NAME);
  const lastName = required('lastName', 'Last name', MAX_NAME);
  const addressLineOne = required('addressLineOne', 'Address line 1', MAX_ADDRESS_LINE).toUpperCase();
  const lineTwo = squeeze(input.addressLineTwo).toUpperCase();
  if (lineTwo.length > MAX_ADDRESS_LINE)
    errors.addressLineTwo = `Address line 2 must be at most ${MAX_ADDRESS_LINE} characters`;
  const city = required('city', 'City', MAX_ADDRESS_LINE).toUpperCase();

  const stateText = squeeze(input.state);
  const state = stateCodeOf(stateText);
  if (stateText === '') errors.state = 'State is required';
  else if (!state) errors.state = `${stateText} is not a US state or territory code`;

  const zipText = squeeze(input.zipCode);
  const zipCode = normaliseZip(zipText);
  if (zipText === '') errors.zipCode = 'ZIP code is required';
  else if (!zipCode) errors.zipCode = 'ZIP code must be 5 digits or ZIP+4 (12345-6789)';

  // The country may be left out: this marketplace ships within the US only.
  const country = squeeze(input.country);
  if (country !== '' && !isUsCountry(country)) errors.country = 'Only US addresses can be shipped to';

  if (Object.keys(errors).length > 0) return { valid: false, errors };
  return {
    valid: true,
    address: {
      firstName,
      lastName,
      addressLineOne,
      addressLineTwo: lineTwo === '' ? null : lineTwo,
      city,
      state: state!,
      zipCode: zipCode!,
      country: US_COUNTRY,
    },
  };
}
