import { z } from 'zod';

/**
 * The strict input layer: the building blocks every request schema is made of (docs/decisions.md, Strict input).
 * - ids are decimal integers from 1 to 2^31-1: in paths and queries as strings of digits (no sign, no spaces, no
 *   hex, no exponent, no leading zero), in JSON bodies as JSON integers (never strings, booleans or arrays);
 * - other numbers of a JSON body are JSON numbers, never strings;
 * - numbers of a query string (page, size, filters) are plain decimal integers;
 * - text never holds NUL, other control characters (tab and newline only in multi-line fields) or lone UTF-16
 *   surrogates.
 * The server also refuses bad characters in every string of every request before any schema runs (findBadText), so
 * a new route is safe even where it takes a plain z.string().
 */

/** Largest id and largest integer stored in an `integer` column (PostgreSQL int4). */
export const INT32_MAX = 2_147_483_647;

export const INPUT_MESSAGES = {
  badCharacters: 'chứa ký tự không hợp lệ.',
  nothingToUpdate: 'Không có thông tin nào để cập nhật.',
  jsonTooDeep: 'Dữ liệu JSON lồng nhau quá sâu.',
} as const;

// ---------------------------------------------------------------------------------------------------------
// Characters

// eslint-disable-next-line no-control-regex
const CONTROL_EXCEPT_WHITESPACE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
// eslint-disable-next-line no-control-regex
const SINGLE_LINE_BAD = /[\u0000-\u001F\u007F]/;
// eslint-disable-next-line no-control-regex
const MULTI_LINE_BAD = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `value` may be stored as text: no lone surrogate, no control character except (multi-line only) tab,
 * line feed and carriage return.
 */
export function isCleanText(value: string, multiline = false): boolean {
  return !(multiline ? MULTI_LINE_BAD : SINGLE_LINE_BAD).test(value) && !LONE_SURROGATE.test(value);
}

/** What no string of any request may hold: NUL and the other control characters but tab, CR, LF; lone surrogates. */
export const isAcceptableString = (value: string): boolean => !CONTROL_EXCEPT_WHITESPACE.test(value) && !LONE_SURROGATE.test(value);

/**
 * What a shopper typed or pasted into a search box, made searchable: control characters (NUL included) become
 * spaces and lone surrogates the replacement character, so odd input gets a normal answer rather than a 400.
 */
export const cleanSearchText = (value: string): string =>
  // eslint-disable-next-line no-control-regex
  value.replace(/[\u0000-\u001F\u007F]/g, ' ').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');

/**
 * The path of the first string (or object key) in `value` that no request may hold, or undefined. Walks without
 * recursion, so a deeply nested body cannot exhaust the stack.
 */
export function findBadText(value: unknown): (string | number)[] | undefined {
  // Each entry links to its parent, so the path is built only for the string found (deep bodies stay linear).
  interface Node {
    value: unknown;
    key?: string | number;
    parent?: Node;
  }
  const pathOf = (node: Node | undefined, last?: string): (string | number)[] => {
    const path: (string | number)[] = last === undefined ? [] : [last];
    for (let n = node; n?.parent; n = n.parent) path.unshift(n.key!);
    return path;
  };
  const stack: Node[] = [{ value }];
  while (stack.length) {
    const node = stack.pop()!;
    const v = node.value;
    if (typeof v === 'string') {
      if (!isAcceptableString(v)) return pathOf(node);
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], key: i, parent: node });
    } else if (v !== null && typeof v === 'object') {
      for (const [key, child] of Object.entries(v)) {
        if (!isAcceptableString(key)) return pathOf(node, key);
        stack.push({ value: child, key, parent: node });
      }
    }
  }
  return undefined;
}

/** Nesting depth of a JSON value (a scalar is 0), without recursion; stops counting above `limit`. */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const d = depth + 1;
    if (d > max) max = d;
    if (max > limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, d]);
  }
  return max;
}

/**
 * A string field: `label` names it in messages. Single-line unless `multiline` (then tab and newlines are kept).
 * Chain .trim(), .min(), .max(), .regex() as usual.
 */
export function text(label: string, options: { multiline?: boolean; error?: string } = {}) {
  return z
    .string({ error: options.error ?? `${label} phải là chuỗi ký tự.` })
    .refine((v) => isCleanText(v, options.multiline), `${label} ${INPUT_MESSAGES.badCharacters}`);
}

// ---------------------------------------------------------------------------------------------------------
// Ids

const DECIMAL_ID = /^[1-9][0-9]{0,9}$/;
/** True for '1'..'2147483647' written in plain decimal digits. */
export const isDecimalId = (value: string): boolean => DECIMAL_ID.test(value) && Number(value) <= INT32_MAX;
export const idMessage = (label: string) => `${label} phải là số nguyên từ 1 đến ${INT32_MAX}.`;

/** An id in a path or a query string: decimal digits only, 1..2^31-1. */
export const idParam = (label: string, message = idMessage(label)) =>
  z.string({ error: message }).regex(DECIMAL_ID, message).refine(isDecimalId, message).transform(Number);

/** Path parameters that are all ids: idParams('id', 'imageId'). */
export function idParams<K extends string>(...names: K[]) {
  return z.object(Object.fromEntries(names.map((n) => [n, idParam(n)])) as Record<K, ReturnType<typeof idParam>>);
}

/** An id in a JSON body: a JSON integer 1..2^31-1 (never a string). */
export const jsonId = (message: string) => z.number({ error: message }).int(message).min(1, message).max(INT32_MAX, message);

// ---------------------------------------------------------------------------------------------------------
// Numbers of a JSON body

/** An integer of a JSON body, by default 0..2^31-1; `message` for every problem, or the generic ones. */
export function jsonInt(label: string, options: { min?: number; max?: number; message?: string } = {}) {
  const min = options.min ?? 0;
  const max = options.max ?? INT32_MAX;
  const m = options.message;
  return z
    .number({ error: m ?? `${label} phải là số.` })
    .int(m ?? `${label} phải là số nguyên.`)
    .min(min, m ?? `${label} phải từ ${min} trở lên.`)
    .max(max, m ?? `${label} tối đa ${max}.`);
}

const MONEY_DIGITS = /^[0-9]{1,15}$/;

/**
 * Whole VND in a JSON body: a number, or its decimal digits as a string ("30000"), which other front ends send from
 * their money inputs; then checked by `number`. Signs, spaces, separators, hex, exponents and fractions in a string
 * are refused with `message`.
 */
export const jsonMoneyAs = (message: string, number: z.ZodType<number, number>) =>
  z.union([z.number(), z.string().regex(MONEY_DIGITS, message).transform(Number)], { error: message }).pipe(number);

/** Whole VND in a JSON body (number or decimal string, see jsonMoneyAs), within min..max as jsonInt checks. */
export const jsonMoney = (label: string, options: { min?: number; max?: number; message?: string } = {}) =>
  jsonMoneyAs(options.message ?? `${label} phải là số nguyên.`, jsonInt(label, options));

/** A number of a JSON body (fractions allowed), finite. */
export const jsonNumber = (label: string, message = `${label} phải là số.`) => z.number({ error: message });

// ---------------------------------------------------------------------------------------------------------
// Query strings: blank values are dropped (spec section 5); a repeated parameter counts once (its first value).

export const firstValue = (v: unknown) => (Array.isArray(v) ? v[0] : v);
export const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
/** One value of a query parameter: the first if repeated; blank is absent. */
export const queryScalar = (v: unknown) => blankToUndefined(firstValue(v));

const DECIMAL_INT = /^-?[0-9]+$/;

/** A decimal integer of a query string ('-5' allowed; no '+', spaces, hex, exponent or fraction). */
export const queryDecimal = (label: string) =>
  z
    .string({ error: `${label} phải là số.` })
    .regex(DECIMAL_INT, `${label} phải là số nguyên.`)
    .transform(Number);

/** An optional integer query parameter within min..max (out of range is a 400). */
export const queryInt = (label: string, min: number, max = INT32_MAX) =>
  z.preprocess(
    queryScalar,
    queryDecimal(label)
      .pipe(z.number().min(min, `${label} phải từ ${min} trở lên.`).max(max, `${label} tối đa ${max}.`))
      .optional(),
  );

/** An optional integer query parameter with a default, clamped to min..max (page and size are clamped). */
export const queryClamped = (label: string, fallback: number, min: number, max = INT32_MAX) =>
  z.preprocess(
    queryScalar,
    queryDecimal(label)
      .optional()
      .transform((n) => (n === undefined ? fallback : Math.min(max, Math.max(min, n)))),
  );

/** Zero-based page, minimum 0. */
export const pageParam = () => queryClamped('page', 0, 0);
/** Page size with its default, clamped to 1..max. */
export const sizeParam = (fallback: number, max: number) => queryClamped('size', fallback, 1, max);

/** An optional id in a query string. */
export const queryId = (label: string) => z.preprocess(queryScalar, idParam(label).optional());

/** Optional text of a query string: single-line, trimmed, at most `max` characters. */
export const queryText = (label: string, max: number) =>
  z.preprocess(queryScalar, text(label).trim().max(max, `${label} tối đa ${max} ký tự.`).optional());

// ---------------------------------------------------------------------------------------------------------
// Updates

/** An update must change something: an object whose every field is absent is refused. */
export function requireChange(value: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (!Object.values(value).some((v) => v !== undefined)) ctx.addIssue({ code: 'custom', path: [], message: INPUT_MESSAGES.nothingToUpdate });
}

// ---------------------------------------------------------------------------------------------------------
// Forms

const FORM_NUMBER = /^-?(?:\d+\.?\d*|\.\d+)$/;

/**
 * Form inputs hold strings; the API takes JSON numbers. The web turns the number fields of a form into numbers
 * before the shared schema reads them: '' becomes null (empty), a decimal string its number, a list its numbers;
 * anything else stays as typed, so the schema reports it.
 */
export function formNumbers<T extends object>(values: T, fields: readonly string[]): T {
  const out = { ...values } as Record<string, unknown>;
  const convert = (v: unknown): unknown => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    if (s === '') return null;
    return FORM_NUMBER.test(s) ? Number(s) : v;
  };
  for (const f of fields) {
    const v = out[f];
    out[f] = Array.isArray(v) ? v.map(convert) : convert(v);
  }
  return out as T;
}
