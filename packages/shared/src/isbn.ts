/**
 * ISBN-13 (spec sections 5 and 9: 13 digits with checksum). The check digit makes the weighted sum of all
 * 13 digits (weights 1, 3, 1, 3, ...) a multiple of 10.
 */

/** Messages of the admin book form (spec section 5). */
export const ISBN_MESSAGES = {
  required: 'ISBN-13 là bắt buộc',
  digits: 'ISBN-13 phải gồm đúng 13 chữ số',
  checksum: 'ISBN-13 không hợp lệ (sai checksum)',
} as const;

/** Removes the separators people type (spaces, hyphens): '978-604-1-00001-3' -> '9786041000013'. */
export function normalizeIsbn(value: string): string {
  return value.replace(/[\s-]/g, '');
}

/** Check digit (0-9) for the first 12 digits of an ISBN-13. Throws when given anything but 12 digits. */
export function isbn13Checksum(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new Error(`isbn13Checksum needs 12 digits, got '${first12}'`);
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** True for 13 digits (separators allowed) whose last digit is the right check digit. */
export function isValidIsbn13(value: string): boolean {
  const digits = normalizeIsbn(value);
  if (!/^\d{13}$/.test(digits)) return false;
  return isbn13Checksum(digits.slice(0, 12)) === Number(digits[12]);
}

/** The first problem with an ISBN-13 as the admin form words it, or null when it is valid. */
export function isbn13Problem(value: string | null | undefined): string | null {
  const digits = normalizeIsbn(value ?? '');
  if (digits === '') return ISBN_MESSAGES.required;
  if (!/^\d{13}$/.test(digits)) return ISBN_MESSAGES.digits;
  if (!isValidIsbn13(digits)) return ISBN_MESSAGES.checksum;
  return null;
}

/** Completes 12 digits into a valid ISBN-13 by appending the check digit. */
export function withIsbn13Checksum(first12: string): string {
  return `${first12}${isbn13Checksum(first12)}`;
}
