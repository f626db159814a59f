import type { ApiEnvelope } from '@nhasach/shared';

const enveloped = new WeakSet<object>();

const defaultMessages: Record<number, string> = {
  200: 'Thành công',
  201: 'Tạo thành công',
  202: 'Đã tiếp nhận',
};

/** Builds the response envelope of spec section 7. */
export function envelope<T>(statusCode: number, data: T, message?: string, error: string | null = null): ApiEnvelope<T> {
  const body = { statusCode, error, message: message ?? defaultMessages[statusCode] ?? 'Thành công', data };
  enveloped.add(body);
  return body;
}

export const isEnvelope = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && enveloped.has(value);
