/**
 * The head of a storefront page as its route declares it (apps/web/src/app/routes): the web app sets the title
 * from it, and the server writes all of it into the HTML (apps/server/src/modules/seo/head.ts).
 */
export interface PageHeadTags {
  /** The whole <title>: 'Page | Nhà Sách'; the home page has its own. */
  title: string;
  description: string;
  /** Absolute URL (PUBLIC_URL on the server). */
  canonical?: string;
  robots?: string;
  /** og:type: website, product, … */
  ogType?: string;
  /** Absolute URL of the page's image (cover). */
  image?: string;
  imageAlt?: string;
  /** Further Open Graph properties (product:price:amount, …), in order. */
  og?: [property: string, content: string][];
  /** schema.org objects, one <script type="application/ld+json"> each. */
  jsonLd?: object[];
  /** The picture that will be the page's largest paint: fetched at once, before the scripts ask for it. */
  preloadImage?: { href: string; srcset?: string; sizes?: string };
}

export const SITE_NAME = 'Nhà Sách';
