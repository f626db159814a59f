import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldError } from '@nhasach/shared';
import { ApiError, DEFAULT_ERROR_TEXT, isNetworkFailure, NETWORK_ERROR_TEXT } from '../../api/client.ts';

function bodyMessage(err: ApiError): string | undefined {
  const body = err.body;
  if (!body || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/**
 * The one rule that turns a failure into the text a shopper or a clerk reads (spec section 8): the server's own
 * message when it sent one, else the screen's fallback. An error the app raised itself says its own message; a
 * browser's network failure ('Failed to fetch', a TypeError) never reaches the user in English.
 *
 * `append`: the back office's form of it, the screen's text followed by the server's reason ('Tạo danh mục thất
 * bại: …'), the reason left out when it already stands under a field (`fieldsShown`) or the server failed (5xx).
 */
export function errorText(err: unknown, fallback = DEFAULT_ERROR_TEXT, opts: { append?: boolean; fieldsShown?: number } = {}): string {
  // No answer at all (server or network down): say so, whatever the screen's own text.
  if (isNetworkFailure(err)) return NETWORK_ERROR_TEXT;
  if (err instanceof ApiError) {
    const reason = bodyMessage(err);
    if (!opts.append) return reason ?? fallback;
    if ((opts.fieldsShown ?? 0) > 0 || err.status === 0 || err.status >= 500 || !reason) return fallback;
    return `${fallback}: ${reason}`;
  }
  if (opts.append || !(err instanceof Error) || err instanceof TypeError || err.name === 'AbortError') return fallback;
  return err.message || fallback;
}

/** Field errors of a 400 VALIDATION_ERROR, shown under the matching form fields; returns how many matched. */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
): number {
  if (!(err instanceof ApiError) || !err.data || typeof err.data !== 'object') return 0;
  const list = (err.data as { fields?: FieldError[] }).fields;
  if (!Array.isArray(list)) return 0;
  let matched = 0;
  for (const f of list) {
    const name = fields.find((candidate) => candidate === f.field);
    if (name) {
      setError(name, { type: 'server', message: f.message });
      matched += 1;
    }
  }
  return matched;
}
