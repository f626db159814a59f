import { hasAnyRole, type Role } from '@nhasach/shared';
import { allRoles, type SessionUser } from '../features/auth/session.ts';

/** Who may open an area (spec sections 2 and 6). */
export const ADMIN_ROLES: readonly Role[] = ['ADMIN'];
export const SALE_ROLES: readonly Role[] = ['SALE', 'ADMIN'];

export interface Access {
  /** Needs a signed-in user. */
  login: boolean;
  /** Needs one of these roles (empty: any signed-in user). */
  roles: readonly Role[];
}

const LOGIN_ONLY: Access = { login: true, roles: [] };
const PUBLIC: Access = { login: false, roles: [] };

const matches = (pathname: string, base: string) => pathname === base || pathname.startsWith(`${base}/`);

/** The access rule of a path, the same table the router's guards use. */
export function accessForPath(pathOrUrl: string): Access {
  const pathname = pathOrUrl.split(/[?#]/)[0] ?? '/';
  if (matches(pathname, '/admin')) return { login: true, roles: ADMIN_ROLES };
  if (matches(pathname, '/sale')) return { login: true, roles: SALE_ROLES };
  if (['/tai-khoan', '/checkout', '/orders', '/don-hang', '/yeu-thich', '/doi-mat-khau'].some((base) => matches(pathname, base))) {
    return LOGIN_ONLY;
  }
  return PUBLIC;
}

/** Whether `user` (null for a guest) may open `path`. */
export function canAccess(path: string, user: SessionUser | null): boolean {
  const rule = accessForPath(path);
  if (!rule.login) return true;
  if (!user) return false;
  return hasAnyRole(allRoles(user), rule.roles);
}

/** Staff areas have their own layout and never show the intro overlay. */
export const isStaffPath = (pathname: string) => matches(pathname, '/admin') || matches(pathname, '/sale');

/**
 * The pages the intro overlay may open on: the home page and the listings (category, search), where a visitor is
 * browsing. A deep link (a book, the cart, checkout, login, an order, a payment result) is a shopper with a task:
 * nothing covers it.
 */
export const isIntroPath = (pathname: string) => pathname === '/' || matches(pathname, '/danh-muc') || matches(pathname, '/search');
