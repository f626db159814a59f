import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form's schema check loaded on its first use (the first submit, or a field checked after it): Zod and the
 * schema stay out of the page's first load, which a phone downloads before the form answers taps.
 */
export function lazyResolver<T extends FieldValues, C, O extends FieldValues>(load: () => Promise<Resolver<T, C, O>>): Resolver<T, C, O> {
  let ready: Promise<Resolver<T, C, O>> | undefined;
  return async (values, context, options) => (await (ready ??= load()))(values, context, options);
}
