import { MEDIA_PATH_PREFIX } from '@nhasach/shared';
import { isValidMediaKey } from './storage.ts';

/**
 * Every image URL the API answers with is absolute, so a front end on another origin loads it as given. Rows keep
 * what they store: a `/media/...` path (designed covers, uploads on the local disk, the placeholder) is served by
 * this API's media route, so it is answered on PUBLIC_URL; an upload stored in a bucket behind MEDIA_PUBLIC_URL is
 * already an absolute URL there and is left alone. Designed covers are never sent to MEDIA_PUBLIC_URL: only the
 * API draws them on their first request (docs/decisions.md, Object storage).
 *
 * One door for every answer (the preSerialization hook in app.ts): any string of a JSON answer that is exactly a
 * media path (`/media/` and a valid key) gets the base; nothing else is touched, so a DTO added later is covered
 * without knowing of it. Objects are copied only where something changed: cached DTOs are never mutated.
 */
export function publicMediaUrls(base: string): <T>(value: T) => T {
  const origin = base.replace(/\/+$/, '');
  const rewrite = (value: unknown): unknown => {
    if (typeof value === 'string') {
      return value.startsWith(MEDIA_PATH_PREFIX) && isValidMediaKey(value.slice(MEDIA_PATH_PREFIX.length)) ? `${origin}${value}` : value;
    }
    if (Array.isArray(value)) {
      let copy: unknown[] | undefined;
      for (let i = 0; i < value.length; i++) {
        const next = rewrite(value[i]);
        if (next !== value[i]) (copy ??= value.slice())[i] = next;
      }
      return copy ?? value;
    }
    if (value !== null && typeof value === 'object') {
      const proto = Object.getPrototypeOf(value) as unknown;
      // Dates, buffers and other instances serialise themselves.
      if (proto !== Object.prototype && proto !== null) return value;
      let copy: Record<string, unknown> | undefined;
      // Keys only: entries would allocate a pair per field of every card of every answer.
      const record = value as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        const item = record[key];
        const next = rewrite(item);
        if (next !== item) (copy ??= { ...record })[key] = next;
      }
      return copy ?? value;
    }
    return value;
  };
  return <T>(value: T) => rewrite(value) as T;
}
