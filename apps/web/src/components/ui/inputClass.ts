/** Shared look of text inputs and selects, without horizontal padding (selects need less). */
export const inputBaseClass =
  'block w-full rounded-lg border border-gray-300 bg-white text-[15px] text-gray-900 placeholder:text-gray-500 transition-colors hover:border-gray-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/15 disabled:bg-gray-50 read-only:bg-gray-50 read-only:text-gray-600 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15';
/** A text input's look; its own module, so that a page with one plain input does not load the kit's fields. */
export const inputClass = `${inputBaseClass} px-3.5`;
