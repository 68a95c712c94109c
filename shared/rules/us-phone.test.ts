import { describe, expect, it } from 'vitest';
import { maskedPhone, usPhoneE164 } from './us-phone.js';

describe('usPhoneE164', () => {
  it.each([
    ['5125550143', '+15125550143'],
    ['(512) 555-0143', '+15125550143'],
    ['512.555.0143', '+15125550143'],
    ['+1 512 555 0143', '+15125550143'],
    ['1-512-555-0143', '+15125550143'],
    ['+1 (787) 555-0100', '+17875550100'], // Puerto Rico
    ['671 555 0100', '+16715550100'], // Guam
  ])('reads %j as %j', (input, e164) => {
    expect(usPhoneE164(input)).toBe(e164);
  });

  it.each([
    ['', 'empty'],
    ['555-0143', 'seven digits'],
    ['+44 20 7946 0958', 'another country'],
    ['+15125550143 ext 2', 'an extension'],
    ['0125550143', 'area code starting with 0'],
    ['5121550143', 'exchange starting with 1'],
    ['25125550143', 'eleven digits not starting with 1'],
    ['512-555-O143', 'a letter O'],
  ])('refuses %j (%s)', (input) => {
    expect(usPhoneE164(input)).toBeNull();
  });

  it('masks all but the last four digits', () => {
    expect(maskedPhone('+15125550143')).toBe('+1 •••-•••-0143');
  });
});
