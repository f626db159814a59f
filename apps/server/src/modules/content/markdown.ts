import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/** GitHub-flavoured Markdown (tables), no raw HTML trusted: whatever comes out is cleaned below. */
const marked = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What an information page may hold: text formatting, headings (an h1 becomes h2: the page has its own title),
 * lists, tables, quotes, code, links to our own paths or to http, https, mailto and tel. No images, styles,
 * scripts or event attributes (the CSP would refuse inline ones anyway).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'strong', 'em', 'b', 'i', 'del', 'code', 'pre', 'blockquote',
    'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    h1: 'h2',
    h5: 'h4',
    h6: 'h4',
    // A link to another site opens in a new tab without a handle on this page; our own paths stay in the tab.
    a: (tagName, attribs) => {
      const href = attribs.href ?? '';
      const external = /^https?:/i.test(href);
      const attrs: sanitizeHtml.Attributes = external ? { href, target: '_blank', rel: 'noopener noreferrer' } : { href };
      return { tagName, attribs: attrs };
    },
  },
};

/** Markdown written by an admin, as HTML safe to show on the storefront. */
export function renderMarkdown(markdown: string): string {
  const html = marked.parse(markdown) as string;
  return sanitizeHtml(html, OPTIONS).trim();
}
