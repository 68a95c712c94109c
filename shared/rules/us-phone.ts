// Phone numbers of the marketplace's one country (the United States, DC and the territories all
// dial +1, the North American Numbering Plan), kept in E.164 form: "+15125550143".

/** The E.164 form of a US number as people type it, or null when it is not one. */
export function usPhoneE164(input: string): string | null {
  const trimmed = input.trim();
  // Only digits, spaces, dots, dashes, parentheses and one leading "+" are typing; letters are not.
  if (!/^\+?[\d\s().-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (trimmed.startsWith('+') && !digits.startsWith('1')) return null;
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  // NANP: neither the area code nor the exchange starts with 0 or 1.
  if (!/^[2-9]\d{2}[2-9]\d{6}$/.test(digits)) return null;
  return `+1${digits}`;
}

/** "+1 •••-•••-0143": enough for the user to recognise the number a code went to. */
export function maskedPhone(e164: string): string {
  return `+1 •••-•••-${e164.slice(-4)}`;
}
