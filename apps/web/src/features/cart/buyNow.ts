import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fetchAddresses } from '../../api/addresses.ts';
import { addToCart, selectAllCart, setCartItemSelected } from '../../api/cart.ts';
import { ApiError } from '../../api/client.ts';
import { rememberLoginRedirect } from '../../components/LoginRequiredDialog.tsx';
import { loginPathFor } from '../../lib/safeNext.ts';
import { useAuth } from '../auth/useAuth.ts';
import { useCartWrite } from './useCartWrite.ts';

/** The address page that comes back to checkout after saving (spec section 2, Checkout). */
export const ADDRESS_PAGE_FOR_CHECKOUT = '/tai-khoan/dia-chi?return=/checkout';

export type AddressReadiness = 'ready' | 'login' | 'missing';

/**
 * Spec sections 4 and 8, the address readiness check: a 401 means log in first; no address, or any other
 * failure, means the address page (which returns to checkout); otherwise checkout can go ahead.
 */
export async function checkAddressReadiness(): Promise<AddressReadiness> {
  try {
    const list = await fetchAddresses();
    return Array.isArray(list) && list.length > 0 ? 'ready' : 'missing';
  } catch (err) {
    return err instanceof ApiError && err.status === 401 ? 'login' : 'missing';
  }
}

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

/** Checkout resuming a guest's "Mua ngay" after login: /checkout?buyNow={bookId}&qty={qty} (CheckoutPage). */
export const buyNowPath = (bookId: number, qty: number) => `/checkout?buyNow=${bookId}&qty=${qty}`;

/**
 * Buy now (spec section 4): a guest goes to login, and from there to checkout with the book (the intent rides in the
 * login's next: /checkout?buyNow=…, which does the rest once signed in); a signed-in user gets the book added and
 * made the only selected line, then goes to checkout, or to the address page first when no address is saved.
 * Other failures are thrown for the caller to show ('Không thể mua ngay. Vui lòng thử lại.').
 */
export function useBuyNow(): (bookId: number, qty: number) => Promise<void> {
  const { user } = useAuth();
  const { mutateAsync } = useCartWrite();
  const navigate = useNavigate();
  return useCallback(
    async (bookId: number, qty: number) => {
      const toLogin = () => {
        const next = buyNowPath(bookId, qty);
        rememberLoginRedirect(next);
        navigate(loginPathFor(next));
      };
      if (!user) return toLogin();
      try {
        await mutateAsync(async () => {
          await addToCart(bookId, qty);
          // Only this book is ordered: everything else in the cart stays there, unselected.
          await selectAllCart(false);
          return setCartItemSelected(bookId, true);
        });
      } catch (err) {
        if (isUnauthorized(err)) return toLogin();
        throw err;
      }
      const readiness = await checkAddressReadiness();
      if (readiness === 'login') toLogin();
      else if (readiness === 'missing') navigate(ADDRESS_PAGE_FOR_CHECKOUT);
      else navigate('/checkout', { replace: true });
    },
    [user, navigate, mutateAsync],
  );
}
