/**
 * Bar widths as classes, in steps of 5 %: the page's HTML may carry no style attributes (the CSP's style-src is
 * 'self', and the server renders the storefront), so a bar's fill is one of these. Written out in full so that
 * Tailwind finds every one.
 */
const WIDTHS = [
  'w-0',
  'w-[5%]',
  'w-[10%]',
  'w-[15%]',
  'w-[20%]',
  'w-[25%]',
  'w-[30%]',
  'w-[35%]',
  'w-[40%]',
  'w-[45%]',
  'w-[50%]',
  'w-[55%]',
  'w-[60%]',
  'w-[65%]',
  'w-[70%]',
  'w-[75%]',
  'w-[80%]',
  'w-[85%]',
  'w-[90%]',
  'w-[95%]',
  'w-full',
] as const;

/** The class of a bar filled `percent` % (0-100, rounded to the nearest 5). */
export function widthClass(percent: number): string {
  const step = Math.round(Math.max(0, Math.min(100, percent)) / 5);
  return WIDTHS[step] ?? 'w-full';
}
