import { Suspense } from 'react';
import { STORAGE_KEYS } from '@nhasach/shared';
import { lazyComponent } from '../lib/lazyComponent.ts';
import { storage } from '../lib/storage.ts';

const LoginRequiredModal = lazyComponent(async () => (await import('./LoginRequiredModal.tsx')).LoginRequiredModal);

/** Remembers where the guest was, for the redirect after login (spec section 4, Favourites). */
export function rememberLoginRedirect(path: string): void {
  storage.set(STORAGE_KEYS.loginRedirect, path);
}

/**
 * 'Vui lòng đăng nhập': shown when a guest tries something that needs an account (favourite, cart, review,
 * comment, like). The login link carries the current page as `next`.
 */
export function LoginRequiredDialog(props: { open: boolean; onClose: () => void; reason?: string }) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LoginRequiredModal {...props} />
    </Suspense>
  );
}
