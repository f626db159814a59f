/** Business constants from the spec (section 9) and DESIGN.md, written once for server and browser. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 64;
export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 10 * 60;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_RESENDS_PER_HOUR = 5;
export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_DAYS = 30;
export const SEARCH_TERM_MAX = 128;
export const SLUG_MAX = 200;
export const BIRTH_YEAR_MIN = 1900;
export const BIRTH_YEAR_MAX = 2100;
export const DEFAULT_PAGE_SIZE = 12;
export const MAX_PAGE_SIZE = 200;
export const NEW_BADGE_DAYS = 14;
/** The home's flash-sale block shows only sales that end within this many days (a countdown of weeks is no flash sale). */
export const FLASH_SALE_WINDOW_DAYS = 7;
/** The home's "Bán chạy tuần này" shelf counts the units ordered (net of cancellations) in this many days. */
export const WEEKLY_BEST_DAYS = 7;
export const QTY_MIN = 1;
export const QTY_MAX = 99;
/** Browser storage keys (spec section 9). */
export const STORAGE_KEYS = {
  accessToken: 'accessToken',
  user: 'auth.user',
  cartBadge: 'CART_BADGE_COUNT',
  introSeen: 'intro-seen-v2',
  introSkipOnce: 'intro-skip-once',
  registerData: 'auth.register',
  loginRedirect: 'auth.redirectAfterLogin',
  favourites: (userKey: string) => `FAV_${userKey}_V1`,
} as const;

/**
 * The shopper's own pages that the server renders with their session (the web app's route patterns). The page
 * cookie carrying that session is sent only below their first path segment (ownPageCookiePaths).
 */
export const OWN_PAGE_ROUTES = ['/checkout', '/orders/:code'] as const;
export const ownPageCookiePaths = (): string[] => [...new Set(OWN_PAGE_ROUTES.map((route) => `/${route.split('/')[1]}`))];

export const HOME_NEW_PAGE_SIZE = 15;
