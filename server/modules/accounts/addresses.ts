// A user's shipping information (`/user/shipping-info`): default (delivery) and return addresses.
// The newest address of a type is the one in use; older ones stay as history, as the admin
// drawer shows them.
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { ADDRESS_TYPES, type AddressType } from '../../../shared/contract/enums.js';
import type { Address } from '../../../shared/contract/entities.js';
import { singleLineText } from '../../../shared/contract/text.js';
import { queryRows, type Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';

const line = (max: number) => singleLineText().trim().min(1).max(max);
export const AddressBody = z.strictObject({
  firstName: line(100),
  lastName: line(100),
  addressLineOne: line(200),
  addressLineTwo: singleLineText().trim().max(200).nullable().default(null),
  city: line(100),
  state: line(50),
  zipCode: z
    .string()
    .trim()
    .regex(/^\d{5}(-\d{4})?$/, 'must be a US ZIP code'),
  country: line(100).default('United States'),
  countryCode: singleLineText().trim().length(2).nullable().default('US'),
  phoneNumber: singleLineText().trim().max(30).nullable().default(null),
  type: z.enum(ADDRESS_TYPES),
});
export type AddressBody = z.infer<typeof AddressBody>;

/** An `addresses` row as SQL returns it. */
export interface AddressRow {
  id: string;
  first_name: string;
  last_name: string;
  address_line_one: string;
  address_line_two: string | null;
  city: string;
  state: string;
  zip_code: string;
  country: string;
  country_code: string | null;
  phone_number: string | null;
  type: AddressType;
  created_at: Date | string;
}

/** The contract's Address of a row (the admin's user drawer and `/user/shipping-info` alike). */
export const addressOf = (row: AddressRow): Address => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  addressLineOne: row.address_line_one,
  addressLineTwo: row.address_line_two,
  city: row.city,
  state: row.state,
  zipCode: row.zip_code,
  country: row.country,
  countryCode: row.country_code,
  phoneNumber: row.phone_number,
  type: row.type,
  createdAt: isoOf(row.created_at),
});

const SELECT_ADDRESS = sql`SELECT id, first_name, last_name, address_line_one, address_line_two, city, state,
       zip_code, country, country_code, phone_number, type, created_at FROM addresses`;

export async function addAddress(db: Executor, userId: string, body: AddressBody): Promise<Address> {
  const [row] = await queryRows<AddressRow>(
    db,
    sql`INSERT INTO addresses (user_id, first_name, last_name, address_line_one, address_line_two, city, state,
                               zip_code, country, country_code, phone_number, type)
        VALUES (${userId}, ${body.firstName}, ${body.lastName}, ${body.addressLineOne}, ${body.addressLineTwo},
                ${body.city}, ${body.state}, ${body.zipCode}, ${body.country}, ${body.countryCode},
                ${body.phoneNumber}, ${body.type})
        RETURNING id, first_name, last_name, address_line_one, address_line_two, city, state, zip_code, country,
                  country_code, phone_number, type, created_at`,
  );
  return addressOf(row!);
}

/** Every address of the user, newest first. */
export async function addressesOf(db: Executor, userId: string) {
  const rows = await queryRows<AddressRow>(
    db,
    sql`${SELECT_ADDRESS} WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  return { count: rows.length, items: rows.map(addressOf) };
}

/** The address of `type` in use (the newest), or null when the user has none. */
export async function currentAddress(db: Executor, userId: string, type: AddressType): Promise<Address | null> {
  const [row] = await queryRows<AddressRow>(
    db,
    sql`${SELECT_ADDRESS} WHERE user_id = ${userId} AND type = ${type} ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row ? addressOf(row) : null;
}
