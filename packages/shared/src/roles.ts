/**
 * ADMIN and SALE are staff; USER is a shopper's account (the name other front ends know). Shoppers were called
 * CUSTOMER before: that name is still read everywhere a role is read (old tokens, old links), as USER.
 */
export const ROLES = ['ADMIN', 'SALE', 'USER'] as const;
/** The shoppers' role's former name, read as USER. */
const FORMER_NAMES: Readonly<Record<string, Role>> = { CUSTOMER: 'USER' };
export type Role = (typeof ROLES)[number];

/** Token claim form of a role, e.g. ROLE_ADMIN (spec section 3, session user). */
export const roleClaim = (role: Role): string => `ROLE_${role}`;

/** Normalises 'ROLE_ADMIN' or 'ADMIN' to 'ADMIN' (and the former 'CUSTOMER' to 'USER'); unknown values give undefined. */
export function parseRole(value: string | undefined | null): Role | undefined {
  if (!value) return undefined;
  const bare = value.toUpperCase().replace(/^ROLE_/, '');
  return (ROLES as readonly string[]).includes(bare) ? (bare as Role) : FORMER_NAMES[bare];
}

/** True when any of the user's roles (in either form) is among the required ones; no requirement passes. */
export function hasAnyRole(userRoles: readonly string[], required: readonly Role[]): boolean {
  if (required.length === 0) return true;
  return userRoles.some((r) => {
    const role = parseRole(r);
    return role !== undefined && required.includes(role);
  });
}

/** Where a user lands after login when no `next` is given (spec section 2, Login). */
export function homePathForRoles(userRoles: readonly string[]): string {
  if (hasAnyRole(userRoles, ['ADMIN'])) return '/admin';
  if (hasAnyRole(userRoles, ['SALE'])) return '/sale/orders';
  return '/';
}
