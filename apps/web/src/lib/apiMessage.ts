import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { FieldError } from '@nhasach/shared';
import { ApiError } from '../api/client.ts';

function bodyMessage(err: ApiError): string | undefined {
  const body = err.body;
  if (!body || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/**
 * The server's own message when it sent one, else the screen's fallback text (spec section 8). Network
 * failures ('Failed to fetch') never reach the user in English.
 */
export function apiMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError) return bodyMessage(err) ?? fallback;
  return fallback;
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
