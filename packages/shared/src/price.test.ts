import { describe, expect, it } from 'vitest';
import { discountPercent, effectivePrice, formatVnd, isNewBook, isSaleActive } from './price.ts';

const now = new Date('2025-06-15T12:00:00Z');
const day = 24 * 60 * 60 * 1000;
const at = (offsetMs: number) => new Date(now.getTime() + offsetMs).toISOString();

describe('isSaleActive / effectivePrice', () => {
  it('no sale price: never active, pays the list price', () => {
    const book = { price: 120_000, salePrice: null, saleStartAt: at(-day), saleEndAt: at(day) };
    expect(isSaleActive(book, now)).toBe(false);
    expect(effectivePrice(book, now)).toBe(120_000);
    expect(effectivePrice({ price: 50_000 }, now)).toBe(50_000);
  });

  it('sale price without a window is active', () => {
    const book = { price: 120_000, salePrice: 99_000 };
    expect(isSaleActive(book, now)).toBe(true);
    expect(effectivePrice(book, now)).toBe(99_000);
  });

  it('inside the window is active; before and after are not', () => {
    const running = { price: 100_000, salePrice: 80_000, saleStartAt: at(-day), saleEndAt: at(day) };
    const upcoming = { price: 100_000, salePrice: 80_000, saleStartAt: at(day), saleEndAt: at(2 * day) };
    const ended = { price: 100_000, salePrice: 80_000, saleStartAt: at(-2 * day), saleEndAt: at(-day) };
    expect([running, upcoming, ended].map((b) => effectivePrice(b, now))).toEqual([80_000, 100_000, 100_000]);
  });

  it('open-ended windows: only a start, only an end', () => {
    expect(isSaleActive({ price: 10, salePrice: 5, saleStartAt: at(-1) }, now)).toBe(true);
    expect(isSaleActive({ price: 10, salePrice: 5, saleStartAt: at(1) }, now)).toBe(false);
    expect(isSaleActive({ price: 10, salePrice: 5, saleEndAt: at(1) }, now)).toBe(true);
    expect(isSaleActive({ price: 10, salePrice: 5, saleEndAt: at(-1) }, now)).toBe(false);
  });

  it('the window is [start, end): active at the start instant, over at the end instant', () => {
    expect(isSaleActive({ price: 10, salePrice: 5, saleStartAt: now }, now)).toBe(true);
    expect(isSaleActive({ price: 10, salePrice: 5, saleEndAt: now }, now)).toBe(false);
  });

  it('a sale price of 0 is a sale (free book), not a missing price', () => {
    expect(effectivePrice({ price: 10_000, salePrice: 0 }, now)).toBe(0);
  });

  it('accepts Date, ISO string and epoch milliseconds', () => {
    const book = { price: 10, salePrice: 5, saleStartAt: now.getTime() - 1, saleEndAt: new Date(now.getTime() + 1) };
    expect(isSaleActive(book, now.toISOString())).toBe(true);
  });
});

describe('discountPercent', () => {
  it('is 100 minus effective over price, rounded (spec section 4)', () => {
    expect(discountPercent(100_000, 80_000)).toBe(20);
    // 99/120 = 82.5 % -> rounds to 83 -> 17 % off
    expect(discountPercent(120_000, 99_000)).toBe(17);
    expect(discountPercent(300_000, 199_000)).toBe(34);
  });
  it('is 0 without a discount or with a bad price', () => {
    expect(discountPercent(100_000, 100_000)).toBe(0);
    expect(discountPercent(100_000, 120_000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('isNewBook', () => {
  it('is new for 14 days', () => {
    expect(isNewBook(at(-13 * day), now)).toBe(true);
    expect(isNewBook(at(-14 * day + 1000), now)).toBe(true);
    expect(isNewBook(at(-14 * day), now)).toBe(false);
    expect(isNewBook(at(-30 * day), now)).toBe(false);
  });
});

describe('formatVnd', () => {
  it('groups thousands with dots and ends with the dong sign', () => {
    expect(formatVnd(120_000)).toBe('120.000 ₫');
    expect(formatVnd(1_234_567)).toBe('1.234.567 ₫');
    expect(formatVnd(0)).toBe('0 ₫');
    expect(formatVnd(999)).toBe('999 ₫');
    expect(formatVnd(-30_000)).toBe('-30.000 ₫');
    expect(formatVnd(1000.4)).toBe('1.000 ₫');
  });
});
