import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatVnd, type CartItemDto } from '@nhasach/shared';
import { ShoppingCartIcon, Trash2Icon } from 'lucide-react';
import { isNetworkFailure, NETWORK_ERROR_TEXT } from '../../api/client.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { EmptyState, ErrorState, Skeleton, SkeletonText } from '../../components/ui/EmptyState.tsx';
import { rememberLoginRedirect } from '../../components/LoginRequiredDialog.tsx';
import { loginPathFor } from '../../lib/safeNext.ts';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useAuth } from '../auth/useAuth.ts';
import { CartLineRow } from './CartLineRow.tsx';
import { CartSummary } from './CartSummary.tsx';
import { useBottomBarSpace } from './useBottomBarSpace.ts';
import { useCart, type CartWrite } from './useCart.ts';
import { LazyAlert as Alert } from '../../lib/lazyComponent.ts';


type Pending =
  | { kind: 'remove'; item: CartItemDto }
  | { kind: 'clear-all' }
  | { kind: 'clear-unselected'; count: number };

/**
 * /gio-hang (spec section 2, Cart). A guest's cart is kept on the server too (against its cookie); ordering needs an
 * account, so a guest's checkout goes through login, where the guest cart joins the account's.
 */
export function CartPage() {
  useDocumentTitle('Giỏ hàng');
  return (
    <div className="page-container py-5 sm:py-8">
      <Breadcrumb items={[{ label: 'Giỏ hàng' }]} className="mb-4" />
      <CartView />
    </div>
  );
}

/** The buy bar's form (before the app's scripts ran) could not add its book: /gio-hang?themLoi=1. */
const FORM_ADD_FAILED = 'Không thêm được sách vào giỏ hàng (có thể sách vừa hết hàng). Vui lòng thử lại.';

function CartView() {
  const navigate = useNavigate();
  const { user } = useAuth();
  const [params] = useSearchParams();
  const { query, cart, busy, run } = useCart();
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState<Pending | null>(null);
  const [confirming, setConfirming] = useState(false);
  const selectAllRef = useRef<HTMLInputElement>(null);
  useBottomBarSpace(query.isPending || (cart?.items.length ?? 0) > 0);

  const items = cart?.items ?? [];
  const selectable = items.filter((i) => i.available);
  const selectedCount = selectable.filter((i) => i.selected).length;
  const allSelected = selectable.length > 0 && selectedCount === selectable.length;
  const unselectedCount = items.length - items.filter((i) => i.selected && i.available).length;

  useEffect(() => {
    if (selectAllRef.current) selectAllRef.current.indeterminate = selectedCount > 0 && !allSelected;
  }, [selectedCount, allSelected]);

  useEffect(() => {
    // Spec section 8: load failures of the cart screen are logged; the page offers a retry.
    if (query.error) console.error('Cart load failed', query.error);
  }, [query.error]);

  const act = async (write: CartWrite) => {
    setError(undefined);
    const message = await run(write);
    if (message) setError(message);
    return !message;
  };

  const onQty = (item: CartItemDto, qty: number) => {
    if (qty <= 0) setPending({ kind: 'remove', item });
    else void act({ kind: 'qty', bookId: item.bookId, qty });
  };

  const confirm = async () => {
    if (!pending) return;
    setConfirming(true);
    const write: CartWrite =
      pending.kind === 'remove'
        ? { kind: 'qty', bookId: pending.item.bookId, qty: 0 }
        : { kind: 'clear', onlyUnselected: pending.kind === 'clear-unselected' };
    await act(write);
    setConfirming(false);
    setPending(null);
  };

  if (query.isError || (!query.isPending && !cart)) {
    return (
      <>
        <h1 className="mb-5 text-2xl font-bold text-gray-900">Giỏ hàng</h1>
        <ErrorState message={isNetworkFailure(query.error) ? NETWORK_ERROR_TEXT : 'Không tải được giỏ hàng'} onRetry={() => void query.refetch()} retrying={query.isFetching} />
      </>
    );
  }

  const formFailed = params.get('themLoi') === '1' && <Alert className="mb-4">{FORM_ADD_FAILED}</Alert>;

  if (cart && items.length === 0) {
    return (
      <>
        <h1 className="mb-5 text-2xl font-bold text-gray-900">Giỏ hàng</h1>
        {formFailed}
        <EmptyState
          icon={<ShoppingCartIcon size={28} />}
          title="Giỏ hàng trống"
          description="Chưa có sản phẩm nào trong giỏ hàng. Khám phá thêm hàng ngàn đầu sách hay nhé!"
          action={
            <Link to="/" className={buttonClass('primary', 'md')}>
              Tiếp tục mua sắm
            </Link>
          }
        />
      </>
    );
  }

  // Until the cart is read (the server renders the page so, without the shopper's data) the page is its frame:
  // the heading, the lines' box with a line's place, the summary's labels; the cart fills it in place.
  const loading = !cart;
  const locked = busy !== null || loading;
  const goCheckout = () => {
    if (user) return navigate('/checkout');
    rememberLoginRedirect('/checkout');
    navigate(loginPathFor('/checkout'));
  };

  return (
    <>
      <h1 className="mb-5 flex items-baseline gap-2 text-2xl font-bold text-gray-900">
        Giỏ hàng {cart && <span className="text-base font-medium text-gray-500">({cart.totalItems} sản phẩm)</span>}
      </h1>

      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_340px] lg:gap-6">
        <div className="min-w-0 space-y-3">
          {cart && formFailed}
          {cart && !user && (
            <Alert tone="info">
              Giỏ hàng được giữ trên máy này.{' '}
              <Link to={loginPathFor('/gio-hang')} className="font-semibold underline underline-offset-2">
                Đăng nhập
              </Link>{' '}
              để lưu vào tài khoản và đặt hàng.
            </Alert>
          )}
          {error && (
            <Alert>
              <div className="flex items-start justify-between gap-3">
                <span>{error}</span>
                <button type="button" className="shrink-0 text-xs font-semibold underline underline-offset-2" onClick={() => setError(undefined)}>
                  Đóng
                </button>
              </div>
            </Alert>
          )}

          <section aria-label="Sản phẩm trong giỏ hàng" className="overflow-hidden rounded-2xl border border-gray-200 bg-white shadow-sm">
            <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-gray-100 bg-gray-50/70 px-4 py-3 sm:px-5">
              <label className="flex cursor-pointer items-center gap-3 text-sm font-semibold text-gray-800">
                <input
                  ref={selectAllRef}
                  type="checkbox"
                  className="size-[18px] cursor-pointer accent-brand-700"
                  checked={allSelected}
                  disabled={locked || selectable.length === 0}
                  onChange={() => void act({ kind: 'select-all', selected: !allSelected })}
                />
                Chọn tất cả{cart && ` (${selectable.length})`}
              </label>
              <div className="ml-auto flex flex-wrap items-center gap-1">
                <Button
                  variant="ghost"
                  size="sm"
                  disabled={locked || unselectedCount === 0}
                  onClick={() => setPending({ kind: 'clear-unselected', count: unselectedCount })}
                >
                  Xoá sản phẩm chưa chọn
                </Button>
                <Button variant="ghost" size="sm" className="!text-red-700 hover:!bg-red-50" disabled={locked} onClick={() => setPending({ kind: 'clear-all' })}>
                  <Trash2Icon size={16} /> Xoá tất cả
                </Button>
              </div>
            </div>
            <div
              aria-hidden="true"
              className="hidden grid-cols-[auto_80px_minmax(0,1fr)_120px_128px_120px_40px] gap-x-4 border-b border-gray-100 px-5 py-2.5 text-xs font-semibold tracking-wide text-gray-500 uppercase lg:grid"
            >
              <span className="w-[18px]" />
              <span className="col-span-2">Sản phẩm</span>
              <span>Đơn giá</span>
              <span className="text-center">Số lượng</span>
              <span className="text-right">Thành tiền</span>
              <span />
            </div>
            <ul className="divide-y divide-gray-100" aria-busy={loading || undefined}>
              {loading && <LinePlaceholder />}
              {items.map((item) => (
                <CartLineRow
                  key={item.bookId}
                  item={item}
                  busy={busy === item.bookId}
                  locked={locked}
                  onSelect={(selected) => void act({ kind: 'select', bookId: item.bookId, selected })}
                  onQty={(qty) => onQty(item, qty)}
                  onRemove={() => setPending({ kind: 'remove', item })}
                />
              ))}
            </ul>
          </section>
          <Link to="/" className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            ← Tiếp tục mua sắm
          </Link>
        </div>

        <aside className="lg:sticky lg:top-32">
          <CartSummary cart={cart} onCheckout={goCheckout} disabled={locked} />
        </aside>
      </div>

      {/* Phones: the total and the button stay at the bottom of the screen. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-6px_20px_rgb(0_0_0/0.08)] lg:hidden">
        <div className="mx-auto flex max-w-xl items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-gray-500">
              Tổng cộng{cart && ` (${cart.totalSelected} sản phẩm)`}
            </p>
            <p className="truncate text-lg font-extrabold text-brand-700 tabular-nums">{cart ? formatVnd(cart.grandTotal) : <SkeletonText className="h-5 w-24" />}</p>
          </div>
          <Button size="lg" disabled={!cart || cart.totalSelected === 0 || locked} onClick={goCheckout} className="shrink-0 px-7">
            Mua hàng
          </Button>
        </div>
      </div>

      <ConfirmDialog
        open={pending !== null}
        danger
        busy={confirming}
        title={pending?.kind === 'clear-all' ? 'Xoá tất cả sản phẩm?' : pending?.kind === 'clear-unselected' ? 'Xoá sản phẩm chưa chọn?' : 'Xoá sản phẩm khỏi giỏ hàng?'}
        description={
          pending?.kind === 'remove'
            ? `“${pending.item.title}” sẽ được xoá khỏi giỏ hàng.`
            : pending?.kind === 'clear-unselected'
              ? `${pending.count} sản phẩm chưa chọn sẽ được xoá khỏi giỏ hàng.`
              : 'Toàn bộ sản phẩm trong giỏ hàng sẽ được xoá.'
        }
        confirmText="Xoá"
        onConfirm={() => void confirm()}
        onClose={() => setPending(null)}
      />
    </>
  );
}

/** A line's place while the cart is on its way: the grid of CartLineRow, its boxes the same size. */
function LinePlaceholder() {
  return (
    <li className="grid grid-cols-[auto_72px_1fr] gap-x-3 gap-y-2 px-4 py-4 sm:px-5 lg:grid-cols-[auto_80px_minmax(0,1fr)_120px_128px_120px_40px] lg:items-center lg:gap-x-4">
      <span role="status" className="sr-only">
        Đang tải giỏ hàng…
      </span>
      <div className="pt-8 lg:pt-0">
        <Skeleton className="size-[18px] rounded" />
      </div>
      <Skeleton className="aspect-[3/4] w-full rounded-lg" />
      <div className="min-w-0 space-y-2">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-24 lg:hidden" />
      </div>
      <Skeleton className="hidden h-5 w-20 lg:block" />
      <div className="col-span-2 col-start-2 flex items-center justify-between gap-3 lg:col-span-1 lg:col-start-auto lg:justify-center">
        <Skeleton className="h-9 w-[7.5rem]" />
        <Skeleton className="h-5 w-20 lg:hidden" />
      </div>
      <Skeleton className="ml-auto hidden h-5 w-20 lg:block" />
      <Skeleton className="ml-auto hidden size-9 lg:block" />
    </li>
  );
}
