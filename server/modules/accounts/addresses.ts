// A user's shipping information (`/user/shipping-info`): default (delivery) and return addresses.
// The newest address of a type is the one in use; older ones stay as history, as the admin
// drawer shows them.
import { sql } from 'drizzle-orm';
import { AddressBody } from '../../../shared/contract/address.js';
import type { AddressType } from '../../../shared/contract/enums.js';
import type { Address } from '../../../shared/contract/entities.js';
import type { z } from 'zod';
import type { Executor } from '../../platform/db/database.js';
import { isoOf } from '../../platform/db/values.js';
import { addresses } from '../../platform/db/schema/index.js';
import { readRows, sqlRow } from '../../platform/db/sql-row.js';

// The one address schema (shared/contract/address.ts): a saved address passes the US address rules
// and is stored in its canonical form (state code, country 'US').
export { AddressBody };

/** An `addresses` row as SQL returns it. */
/** The columns of an address that `addressOf` reads (also the user's own, as JSON: user-admin.ts). */
export const ADDRESS_ROW = sqlRow(
  addresses,
  'id',
  'first_name',
  'last_name',
  'address_line_one',
  'address_line_two',
  'city',
  'state',
  'zip_code',
  'country',
  'country_code',
  'phone_number',
  'type',
  'created_at',
);
type AddressRow = z.output<typeof ADDRESS_ROW>;

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
  const [row] = await readRows(
    db,
    ADDRESS_ROW,
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
  const rows = await readRows(
    db,
    ADDRESS_ROW,
    sql`${SELECT_ADDRESS} WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC LIMIT 100`,
  );
  return { count: rows.length, items: rows.map(addressOf) };
}

/** The address of `type` in use (the newest), or null when the user has none. */
export async function currentAddress(db: Executor, userId: string, type: AddressType): Promise<Address | null> {
  const [row] = await readRows(
    db,
    ADDRESS_ROW,
    sql`${SELECT_ADDRESS} WHERE user_id = ${userId} AND type = ${type} ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row ? addressOf(row) : null;
}
