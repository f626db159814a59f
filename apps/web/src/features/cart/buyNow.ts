import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { fetchAddresses } from '../../api/addresses.ts';
import { addToCart, selectAllCart, setCartItemSelected } from '../../api/cart.ts';
import { ApiError } from '../../api/client.ts';
import { ADDRESS_PAGE_FOR_CHECKOUT, buyNowPath, loginPathFor } from '../../lib/safeNext.ts';
import { useCartWrite, type CartWrite } from './useCartWrite.ts';
import { rememberLoginRedirect } from '../../components/LoginRequiredDialog.tsx';

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

/**
 * Buy now (spec section 4) for a signed-in shopper: the book added and made the only selected line, then checkout,
 * or the address page first when no address is saved; a lapsed session goes to login (`toLogin`). Other failures
 * are thrown for the caller to show ('Không thể mua ngay. Vui lòng thử lại.'). Loaded by the buy box on click.
 */
export async function buyNow(
  bookId: number,
  qty: number,
  { write, navigate, toLogin }: { write: CartWrite; navigate: (to: string) => void; toLogin: () => void },
): Promise<void> {
  try {
    await write(async () => {
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
  else navigate('/checkout');
}

/**
 * The same for a page that resumes a guest's "Mua ngay" after login (BuyNowResume): a lapsed session goes back to
 * login with the intent kept in its next (/checkout?buyNow=…).
 */
export function useBuyNow(): (bookId: number, qty: number) => Promise<void> {
  const { mutateAsync } = useCartWrite();
  const navigate = useNavigate();
  return useCallback(
    (bookId: number, qty: number) =>
      buyNow(bookId, qty, {
        write: mutateAsync,
        navigate: (to) => void navigate(to, { replace: true }),
        toLogin: () => {
          const next = buyNowPath(bookId, qty);
          rememberLoginRedirect(next);
          void navigate(loginPathFor(next));
        },
      }),
    [navigate, mutateAsync],
  );
}
