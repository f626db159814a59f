/**
 * Escaping for what the server writes into HTML and XML itself (the page heads, the sitemaps): every value that
 * comes from the catalogue is data, never markup.
 */

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an HTML text node or a quoted attribute value (also valid in XML). */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON for the body of a <script type="application/ld+json">: still JSON (JSON.parse reads it back unchanged), but
 * with no '<' (so no '</script>' or '<!--' can end the element early), no '>' or '&', and no U+2028/U+2029.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function clip(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
