import { describe, expect, it } from 'vitest';
import { ISBN_MESSAGES, isbn13Checksum, isbn13Problem, isValidIsbn13, normalizeIsbn, withIsbn13Checksum } from './isbn.ts';

describe('isbn13Checksum', () => {
  it('computes the check digit of published ISBNs', () => {
    // Atomic Habits (Avery), Thinking, Fast and Slow (FSG), Harry Potter and the Philosopher's Stone (Bloomsbury).
    expect(isbn13Checksum('978073521129')).toBe(2);
    expect(isbn13Checksum('978037453355')).toBe(7);
    expect(isbn13Checksum('978074753269')).toBe(9);
  });

  it('gives 0 when the weighted sum is already a multiple of 10', () => {
    // 9+21+8+18+0+12+0+0+0+0+0+12 = 80
    expect(isbn13Checksum('978604000004')).toBe(0);
    expect(withIsbn13Checksum('978604000004')).toBe('9786040000040');
  });

  it('refuses anything but 12 digits', () => {
    expect(() => isbn13Checksum('97860400002')).toThrow();
    expect(() => isbn13Checksum('97860400002x')).toThrow();
  });
});

describe('isValidIsbn13', () => {
  it('accepts valid ISBNs, with or without separators', () => {
    expect(isValidIsbn13('9780735211292')).toBe(true);
    expect(isValidIsbn13('978-0-7352-1129-2')).toBe(true);
    expect(isValidIsbn13('978 0 7475 3269 9')).toBe(true);
  });

  it('rejects a wrong check digit, wrong lengths and letters', () => {
    expect(isValidIsbn13('9780735211293')).toBe(false);
    expect(isValidIsbn13('978073521129')).toBe(false);
    expect(isValidIsbn13('97807352112922')).toBe(false);
    expect(isValidIsbn13('978073521129X')).toBe(false);
    expect(isValidIsbn13('')).toBe(false);
  });

  it('detects every single-digit error', () => {
    const valid = '9786041000013'.slice(0, 12);
    const isbn = withIsbn13Checksum(valid);
    for (let i = 0; i < 13; i++) {
      for (let d = 0; d <= 9; d++) {
        if (String(d) === isbn[i]) continue;
        const changed = `${isbn.slice(0, i)}${d}${isbn.slice(i + 1)}`;
        expect(isValidIsbn13(changed)).toBe(false);
      }
    }
  });
});

describe('isbn13Problem', () => {
  it('words each problem as the admin form does', () => {
    expect(isbn13Problem('')).toBe(ISBN_MESSAGES.required);
    expect(isbn13Problem(undefined)).toBe(ISBN_MESSAGES.required);
    expect(isbn13Problem('12345')).toBe('ISBN-13 phải gồm đúng 13 chữ số');
    expect(isbn13Problem('9780735211293')).toBe('ISBN-13 không hợp lệ (sai checksum)');
    expect(isbn13Problem('978-0-7352-1129-2')).toBeNull();
  });

  it('normalizeIsbn strips spaces and hyphens only', () => {
    expect(normalizeIsbn(' 978-604 1 ')).toBe('9786041');
  });
});
