import { describe, expect, it } from 'vitest';
import { type AddressInput, normaliseZip, stateCodeOf, validateUsAddress } from './us-address.js';

const good: AddressInput = {
  firstName: 'Ana',
  lastName: 'de la Cruz',
  addressLineOne: '12 Elm St',
  city: 'Austin',
  state: 'TX',
  zipCode: '78701',
};

describe('ZIP codes', () => {
  it.each([
    ['78701', '78701'],
    [' 78701 ', '78701'],
    ['78701-1234', '78701-1234'],
    ['787011234', '78701-1234'],
    ['78701 - 1234', '78701-1234'],
    ['00501', '00501'],
    ['00000', null],
    ['7870', null],
    ['787012', null],
    ['78701-12', null],
    ['ABCDE', null],
    ['78701-1234-1', null],
  ])('%j → %j', (input, expected) => expect(normaliseZip(input)).toBe(expected));
});

describe('state codes', () => {
  it.each([
    ['TX', 'TX'],
    ['tx', 'TX'],
    [' Tx ', 'TX'],
    ['Texas', 'TX'],
    ['new   york', 'NY'],
    ['District of Columbia', 'DC'],
    ['PR', 'PR'],
    ['AE', 'AE'],
    ['XX', null],
    ['Tex', null],
    ['', null],
  ])('%j → %j', (input, expected) => expect(stateCodeOf(input)).toBe(expected));
});

describe('validateUsAddress', () => {
  it('normalises whitespace and case, hyphenates ZIP+4 and says US', () => {
    expect(
      validateUsAddress({
        firstName: '  Ana ',
        lastName: 'de  la Cruz',
        addressLineOne: ' 12   elm st\t',
        addressLineTwo: ' apt  4b ',
        city: 'austin ',
        state: 'texas',
        zipCode: '787011234',
        country: 'United States',
      }),
    ).toEqual({
      valid: true,
      address: {
        firstName: 'Ana',
        lastName: 'de la Cruz',
        addressLineOne: '12 ELM ST',
        addressLineTwo: 'APT 4B',
        city: 'AUSTIN',
        state: 'TX',
        zipCode: '78701-1234',
        country: 'US',
      },
    });
  });

  it('makes an empty second line null and takes a missing country as US', () => {
    const result = validateUsAddress({ ...good, addressLineTwo: '   ' });
    expect(result).toMatchObject({ valid: true, address: { addressLineTwo: null, country: 'US' } });
  });

  it.each<[string, AddressInput, Record<string, string>]>([
    [
      'nothing at all',
      {},
      {
        firstName: 'First name is required',
        lastName: 'Last name is required',
        addressLineOne: 'Address line 1 is required',
        city: 'City is required',
        state: 'State is required',
        zipCode: 'ZIP code is required',
      },
    ],
    ['blank first name', { ...good, firstName: '   ' }, { firstName: 'First name is required' }],
    ['an unknown state', { ...good, state: 'Tejas' }, { state: 'Tejas is not a US state or territory code' }],
    ['a short ZIP', { ...good, zipCode: '7870' }, { zipCode: 'ZIP code must be 5 digits or ZIP+4 (12345-6789)' }],
    ['a foreign country', { ...good, country: 'Canada' }, { country: 'Only US addresses can be shipped to' }],
    [
      'a line too long for a label',
      { ...good, addressLineOne: 'x'.repeat(41) },
      {
        addressLineOne: 'Address line 1 must be at most 40 characters',
      },
    ],
    [
      'a second line too long',
      { ...good, addressLineTwo: 'x'.repeat(41) },
      {
        addressLineTwo: 'Address line 2 must be at most 40 characters',
      },
    ],
  ])('refuses %s with field errors', (_, input, errors) => {
    expect(validateUsAddress(input)).toEqual({ valid: false, errors });
  });
});
