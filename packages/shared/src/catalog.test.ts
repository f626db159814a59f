import { describe, expect, it } from 'vitest';
import { catalogQuerySchema, searchQuerySchema } from './catalog.ts';
import { listingTotalText } from './catalog-rules.ts';
import { formatNumberVN } from './datetime.ts';
import { normalizeLanguage, parseBookSort, priceFilterParams } from './catalog-types.ts';

describe('parseBookSort', () => {
  it('reads the named sorts', () => {
    expect(parseBookSort(undefined)).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(parseBookSort('NEWEST')).toEqual({ field: 'createdAt', direction: 'desc' });
    expect(parseBookSort('best')).toEqual({ field: 'sold', direction: 'desc' });
    expect(parseBookSort('PRICE_ASC', 'DESC')).toEqual({ field: 'price', direction: 'asc' });
    expect(parseBookSort('PRICE_DESC')).toEqual({ field: 'price', direction: 'desc' });
  });
  it('reads field names with a direction, Spring style too', () => {
    expect(parseBookSort('createdAt', 'ASC')).toEqual({ field: 'createdAt', direction: 'asc' });
    expect(parseBookSort('price')).toEqual({ field: 'price', direction: 'asc' });
    expect(parseBookSort('title', 'desc')).toEqual({ field: 'title', direction: 'desc' });
    expect(parseBookSort('id,desc')).toEqual({ field: 'id', direction: 'desc' });
    expect(parseBookSort(undefined, 'ASC')).toEqual({ field: 'createdAt', direction: 'asc' });
  });
  it('refuses what it does not know', () => {
    expect(parseBookSort('popularity')).toBeUndefined();
    expect(parseBookSort('price', 'sideways')).toBeUndefined();
    expect(parseBookSort('price,up')).toBeUndefined();
    expect(parseBookSort('price,asc,x')).toBeUndefined();
  });
});

describe('catalogQuerySchema', () => {
  it('drops blank parameters and applies defaults', () => {
    const q = catalogQuerySchema.parse({ category: ' ', publisher: '', priceMin: '', page: '', size: '' });
    expect(q).toMatchObject({ page: 0, size: 12 });
    expect(q.category).toBeUndefined();
    expect(q.publisher).toBeUndefined();
    expect(q.priceMin).toBeUndefined();
    expect(q.sort).toBeUndefined();
  });
  it('clamps page and size', () => {
    expect(catalogQuerySchema.parse({ page: '-5', size: '1000' })).toMatchObject({ page: 0, size: 100 });
    expect(catalogQuerySchema.parse({ size: '0' })).toMatchObject({ size: 1 });
  });
  it('refuses numbers that are not numbers, naming the field', () => {
    const r = catalogQuerySchema.safeParse({ size: 'abc' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['size']);
    expect(catalogQuerySchema.safeParse({ priceMin: '1e' }).error?.issues[0]?.path).toEqual(['priceMin']);
  });
  it('reads lists as repeated or comma-separated values, and language aliases', () => {
    const q = catalogQuerySchema.parse({ publisher: ['nxb-tre', '3'], supplier: '1, 2', language: 'vi,JP', status: 'ACTIVE' });
    expect(q.publisher).toEqual(['nxb-tre', '3']);
    expect(q.supplier).toEqual(['1', '2']);
    expect(q.language).toEqual(['VI', 'JA']);
    expect(q.status).toEqual(['ACTIVE']);
    expect(catalogQuerySchema.safeParse({ language: 'XX' }).success).toBe(false);
    expect(catalogQuerySchema.safeParse({ status: 'SOLD' }).success).toBe(false);
  });
  it("treats age 'ALL' as no filter and refuses inverted ranges", () => {
    expect(catalogQuerySchema.parse({ ageMinYears: 'ALL', ageMaxYears: '12' })).toMatchObject({ ageMaxYears: 12 });
    expect(catalogQuerySchema.safeParse({ priceMin: '5000', priceMax: '1000' }).error?.issues[0]?.path).toEqual(['priceMax']);
  });
  it('parses the sort and refuses an unknown one on the sort field', () => {
    expect(catalogQuerySchema.parse({ sort: 'BEST' }).sort).toEqual({ field: 'sold', direction: 'desc' });
    const bad = catalogQuerySchema.safeParse({ sort: 'random' });
    expect(bad.error?.issues[0]?.path).toEqual(['sort']);
    // Relevance needs a search term: not a catalogue sort.
    expect(catalogQuerySchema.safeParse({ sort: 'RELEVANCE' }).success).toBe(false);
  });
});

describe('searchQuerySchema', () => {
  it('trims the term and cuts it to 128 characters; blank is absent', () => {
    expect(searchQuerySchema.parse({ q: '  đắc nhân tâm  ' }).q).toBe('đắc nhân tâm');
    expect(searchQuerySchema.parse({ q: 'x'.repeat(300) }).q).toHaveLength(128);
    expect(searchQuerySchema.parse({ q: '   ' }).q).toBeUndefined();
    expect(searchQuerySchema.parse({ q: 'a', sort: 'RELEVANCE' }).sort?.field).toBe('relevance');
    expect(searchQuerySchema.parse({}).size).toBe(20);
  });
});

describe('helpers', () => {
  it('normalizeLanguage maps the admin codes to the stored ones', () => {
    expect(normalizeLanguage('JP')).toBe('JA');
    expect(normalizeLanguage('kr')).toBe('KO');
    expect(normalizeLanguage('CN')).toBe('ZH');
    expect(normalizeLanguage('VI')).toBe('VI');
    expect(normalizeLanguage('xx')).toBeUndefined();
  });
  it('priceFilterParams leaves out the slider ends', () => {
    expect(priceFilterParams(0, 2_000_000)).toEqual({});
    expect(priceFilterParams(50_000, 300_000)).toEqual({ priceMin: 50_000, priceMax: 300_000 });
  });
});

describe('listingTotalText', () => {
  it("reads an exact total as it is, the cap as 'hơn 10.000' and an estimate as 'khoảng'", () => {
    expect(listingTotalText(1234, false, formatNumberVN)).toBe('1.234');
    expect(listingTotalText(1234, undefined, formatNumberVN)).toBe('1.234');
    expect(listingTotalText(10_000, true, formatNumberVN)).toBe('hơn 10.000');
    expect(listingTotalText(7300, true, formatNumberVN)).toBe('khoảng 7.300');
  });
});
