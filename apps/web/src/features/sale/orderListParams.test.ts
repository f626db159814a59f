import { describe, expect, it } from 'vitest';
import { listParams, parseSaleList, saleListHref, saleListSearch, toggleSort, withChange } from './orderListParams.ts';
import { fromVietnamLocalInput, toVietnamLocalInput } from './saleFormat.ts';

const parse = (qs: string) => parseSaleList(new URLSearchParams(qs));

describe('sale order list URL state', () => {
  it('defaults to every status, page 0, 20 a page, newest first; defaults stay out of the URL', () => {
    const s = parse('');
    expect(s).toMatchObject({ status: undefined, page: 0, size: 20, sortField: 'createdAt', sortDir: 'desc' });
    expect(listParams(s).sort).toBe('createdAt,desc');
    expect(saleListSearch(s)).toBe('');
  });

  it('reads and writes back every filter', () => {
    const qs = '?status=SHIPPED&q=NS2501&paymentStatus=PAID&from=2025-03-01&to=2025-03-31&sort=grandTotal%2Casc&size=50&page=2';
    const s = parse(qs);
    expect(s).toMatchObject({ status: 'SHIPPED', q: 'NS2501', paymentStatus: 'PAID', from: '2025-03-01', to: '2025-03-31', page: 2, size: 50, sortField: 'grandTotal', sortDir: 'asc' });
    expect(parse(saleListSearch(s))).toEqual(s);
  });

  it('drops what it does not understand and orders a reversed day range', () => {
    const s = parse('status=SOLD&paymentStatus=x&size=7&page=-1&sort=title&from=2025-02-30&q=%20%20');
    expect(s).toMatchObject({ status: undefined, paymentStatus: undefined, size: 20, page: 0, sortField: 'createdAt', from: undefined, q: undefined });
    expect(parse('from=2025-03-31&to=2025-03-01')).toMatchObject({ from: '2025-03-01', to: '2025-03-31' });
    expect(parse('status=pending').status).toBe('PENDING');
  });

  it('goes back to the first page on any change but the page itself', () => {
    const s = parse('page=3&status=PENDING');
    expect(withChange(s, { q: 'abc' }).page).toBe(0);
    expect(withChange(s, { status: 'CONFIRMED' }).page).toBe(0);
    expect(withChange(s, { page: 4 }).page).toBe(4);
  });

  it('sorts a new column in its natural direction, then flips it', () => {
    const s = parse('');
    expect(toggleSort(s, 'createdAt')).toEqual({ sortField: 'createdAt', sortDir: 'asc' });
    expect(toggleSort(s, 'code')).toEqual({ sortField: 'code', sortDir: 'asc' });
    expect(toggleSort(s, 'grandTotal')).toEqual({ sortField: 'grandTotal', sortDir: 'desc' });
  });

  it('links a status tab', () => {
    expect(saleListHref('CANCELED')).toBe('/sale/orders?status=CANCELED');
    expect(saleListHref()).toBe('/sale/orders');
  });
});

describe('Vietnam time inputs', () => {
  it('shows an instant as Vietnam wall time and reads it back with the +07:00 offset', () => {
    expect(toVietnamLocalInput('2025-03-14T02:30:00Z')).toBe('14/03/2025 09:30');
    expect(toVietnamLocalInput('2025-03-14T20:00:00Z')).toBe('15/03/2025 03:00');
    expect(fromVietnamLocalInput('14/03/2025 09:30')).toBe('2025-03-14T02:30:00.000Z');
    expect(fromVietnamLocalInput('31/02/2025 09:30')).toBe('31/02/2025 09:30');
    expect(new Date(fromVietnamLocalInput(toVietnamLocalInput('2025-03-14T20:00:00Z'))!).toISOString()).toBe('2025-03-14T20:00:00.000Z');
    expect(fromVietnamLocalInput('  ')).toBeNull();
    expect(toVietnamLocalInput(null)).toBe('');
  });
});
