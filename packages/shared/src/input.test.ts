import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  findBadText,
  formNumbers,
  idParam,
  idParams,
  isCleanText,
  jsonDepth,
  jsonId,
  jsonInt,
  pageParam,
  queryId,
  queryInt,
  requireChange,
  sizeParam,
  text,
} from './input.ts';

describe('ids', () => {
  it('in paths and queries: plain decimal digits from 1 to 2^31-1, nothing else', () => {
    for (const ok of ['1', '31', '2147483647']) expect(idParam('id').parse(ok)).toBe(Number(ok));
    for (const bad of ['0', '0x1F', ' 1', '1 ', '+1', '-1', '01', '1e3', '1.0', '', ' ', '2147483648', '99999999999', '１', '1\u0000']) {
      expect(idParam('id').safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(idParams('id', 'imageId').parse({ id: '3', imageId: '4' })).toEqual({ id: 3, imageId: 4 });
    expect(queryId('actorId').parse(undefined)).toBeUndefined();
    expect(queryId('actorId').parse('')).toBeUndefined();
    expect(queryId('actorId').safeParse('0x10').error?.issues[0]?.message).toBe('actorId phải là số nguyên từ 1 đến 2147483647.');
  });

  it('in JSON bodies: JSON integers only', () => {
    const id = jsonId('Mã không hợp lệ.');
    expect(id.parse(16)).toBe(16);
    for (const bad of ['16', '0x10', '1e3', ' ', true, [1], null, 0, -1, 1.5, 2 ** 31, Number.NaN]) {
      expect(id.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('numbers', () => {
  it('JSON numbers are never strings, booleans or lists, and stay within int4', () => {
    const n = jsonInt('Số tiền', { min: 1 });
    expect(n.parse(16)).toBe(16);
    for (const bad of ['0x10', '16', true, [1], {}, 0, 2 ** 31]) expect(n.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });

  it('query numbers are strictly decimal; page and size are clamped', () => {
    expect(queryInt('priceMin', 0).parse('120')).toBe(120);
    expect(queryInt('priceMin', 0).parse(['5', '7'])).toBe(5);
    for (const bad of ['0x10', '1e3', '+1', ' 1', '1.5', 'abc', '-1']) expect(queryInt('priceMin', 0).safeParse(bad).success, bad).toBe(false);
    expect(pageParam().parse(undefined)).toBe(0);
    expect(pageParam().parse('-5')).toBe(0);
    expect(pageParam().parse('99999999999999999999')).toBe(2147483647);
    expect(sizeParam(12, 100).parse('1000')).toBe(100);
    expect(sizeParam(12, 100).parse('0')).toBe(1);
    for (const bad of ['0x1', '1e2', '+1', '1.5', 'abc']) expect(pageParam().safeParse(bad).success, bad).toBe(false);
  });
});

describe('text', () => {
  it('refuses NUL, control characters and lone surrogates; newlines and tabs only in multi-line fields', () => {
    const name = text('Tên');
    const body = text('Nội dung', { multiline: true });
    expect(name.parse('Nguyễn Văn A 😀')).toBe('Nguyễn Văn A 😀');
    for (const bad of ['a\u0000', 'a\u0007', 'a\nb', 'a\tb', 'a\u007f', '\ud800', 'x\udc00y', '\ud83d']) {
      expect(name.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(name.safeParse('a\u0000').error?.issues[0]?.message).toBe('Tên chứa ký tự không hợp lệ.');
    expect(body.parse('dòng 1\r\n\tdòng 2')).toBe('dòng 1\r\n\tdòng 2');
    for (const bad of ['a\u0000', '\ud800', 'a\u001b[31m']) expect(body.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    expect(name.safeParse(1).success).toBe(false);
    expect(isCleanText('😀', false)).toBe(true);
  });

  it('findBadText names the first bad string or key anywhere in a request', () => {
    expect(findBadText({ a: 'ok', b: [1, 'x', { c: 'y\u0000' }] })).toEqual(['b', 2, 'c']);
    expect(findBadText({ ['k\u0000']: 1 })).toEqual(['k\u0000']);
    expect(findBadText({ name: '\udfff' })).toEqual(['name']);
    expect(findBadText({ content: 'dòng 1\r\n\tdòng 2', n: 1, t: true, z: null })).toBeUndefined();
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findBadText(deep)).toHaveLength(100_000);
    expect(jsonDepth(deep, 64)).toBe(65);
  });
});

describe('updates and forms', () => {
  it('an update with nothing to change is refused', () => {
    const schema = z.object({ name: z.string().optional(), parentId: z.number().nullable().optional() }).superRefine(requireChange);
    expect(schema.safeParse({}).error?.issues[0]?.message).toBe('Không có thông tin nào để cập nhật.');
    expect(schema.safeParse({ other: 1 }).success).toBe(false);
    expect(schema.parse({ parentId: null })).toEqual({ parentId: null });
  });

  it('formNumbers turns the number inputs of a form into numbers, leaving what is not one for the schema to refuse', () => {
    expect(formNumbers({ a: '12', b: '', c: 'abc', d: ['1', 2], e: ' 1.5 ', f: 'x' }, ['a', 'b', 'c', 'd', 'e'])).toEqual({
      a: 12,
      b: null,
      c: 'abc',
      d: [1, 2],
      e: 1.5,
      f: 'x',
    });
  });
});
