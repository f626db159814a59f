import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { hasAnyRole, type Role } from '@nhasach/shared';
import { LoadingBlock } from '../components/ui/Spinner.tsx';
import { allRoles } from '../features/auth/session.ts';
import { useAuth } from '../features/auth/useAuth.ts';
import { loginPathFor } from '../lib/safeNext.ts';

export interface RequireRolesProps {
  /** Any of these roles passes; none given means any signed-in user. */
  roles?: readonly Role[];
  /** Rendered when allowed; the child routes otherwise. */
  children?: ReactNode;
}

/**
 * Route guard (spec sections 2 and 6): while the session is being checked it says so; a guest, or a user
 * without a required role, goes to /dang-nhap?next={path and query}.
 */
export function RequireRoles({ roles = [], children }: RequireRolesProps) {
  const { user, status, signedOutOnPurpose } = useAuth();
  const location = useLocation();
  if (status === 'checking') return <LoadingBlock text="Đang kiểm tra quyền…" className="min-h-[50vh]" />;
  if (!user) {
    // Right after logout or a password change the user is leaving on purpose: no `next` back here.
    if (signedOutOnPurpose) return <Navigate to="/dang-nhap" replace />;
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  if (!hasAnyRole(allRoles(user), roles)) {
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  }
  return children ?? <Outlet />;
}
