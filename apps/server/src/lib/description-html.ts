import sanitizeHtml from 'sanitize-html';

/**
 * Book descriptions are HTML written by admins and shown as HTML on the product page, so they are cleaned on
 * write (DESIGN.md) and again whenever a book is answered (API and server-rendered page), so that HTML which
 * reached the database some other way never reaches a browser: a short list of formatting tags, links only to
 * http, https and mailto, no attributes but href, no images, no styles or scripts (their content is dropped, not
 * shown as text).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'strong', 'em', 'b', 'i', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'h4', 'blockquote', 'a'],
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Whatever rel was given, a link never gets a handle on the page that opened it.
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export function sanitizeDescription(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}
