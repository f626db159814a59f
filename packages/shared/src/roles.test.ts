import { describe, expect, it } from 'vitest';
import { hasAnyRole, homePathForRoles, parseRole, roleClaim } from './roles.ts';

describe('roles', () => {
  it('shoppers are USER; their former name CUSTOMER, bare or as a claim, still reads as USER', () => {
    expect(roleClaim('USER')).toBe('ROLE_USER');
    for (const v of ['USER', 'ROLE_USER', 'user', 'CUSTOMER', 'ROLE_CUSTOMER']) expect(parseRole(v), v).toBe('USER');
    expect(parseRole('ROLE_ADMIN')).toBe('ADMIN');
    expect(parseRole('KING')).toBeUndefined();
    expect(hasAnyRole(['ROLE_CUSTOMER'], ['USER'])).toBe(true);
    expect(hasAnyRole(['ROLE_CUSTOMER'], ['ADMIN', 'SALE'])).toBe(false);
    expect(homePathForRoles(['ROLE_USER'])).toBe('/');
  });
});
