// What a user name may be. The admin API compares names case-insensitively (users_user_name_key),
// so "Ann" and "ann" are one name; the first spelling is kept as typed.
import { z } from 'zod';

export const USER_NAME_MIN = 3;
/** Room for the names made for new accounts (the email's local part, "_" and six uid characters). */
export const USER_NAME_MAX = 32;

export const UserName = z
  .string()
  .trim()
  .min(USER_NAME_MIN, `must be at least ${USER_NAME_MIN} characters`)
  .max(USER_NAME_MAX, `must be at most ${USER_NAME_MAX} characters`)
  // Names appear in URLs, mentions and the admin's search: no spaces or look-alike punctuation.
  .regex(
    /^[A-Za-z0-9][A-Za-z0-9_.-]*$/,
    'may hold letters, digits, ".", "_" and "-", and starts with a letter or digit',
  );
