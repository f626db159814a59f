/**
 * Pages no search engine should crawl: the back-office, the shopper's own pages (account, cart, checkout,
 * orders, favourites), the sign-in forms, the API and the payment sandbox. Everything else (home, categories,
 * books, search, contact) may be crawled; the sitemap lists what should be indexed.
 */
export const DISALLOWED_PATHS = [
  '/admin',
  '/sale',
  '/tai-khoan',
  '/gio-hang',
  '/checkout',
  '/don-hang',
  '/orders/',
  '/yeu-thich',
  '/doi-mat-khau',
  '/dang-nhap',
  '/dang-ky',
  '/quen-mat-khau',
  '/dat-lai-mat-khau',
  '/verify-email',
  '/api/',
  '/sandbox/',
] as const;

export function robotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
}
