import { Suspense, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useHydrated } from '../../../lib/useHydrated.ts';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation } from '@tanstack/react-query';
import { COVER_TYPE_LABELS, QTY_MAX, formatNumberVN, formatVnd, isNewBook, type BookDto } from '@nhasach/shared';
import { CircleCheckIcon, ShoppingCartIcon, TruckIcon, ZapIcon } from 'lucide-react';
import { addToCart, cartErrorText } from '../../../api/cart.ts';
import { DiscountBadge, NewBadge } from '../../../components/Badge.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { rememberLoginRedirect } from '../../../components/LoginRequiredDialog.tsx';
import { Price, priceInfo } from '../../../components/Price.tsx';
import { QuantityStepper, clampQty } from '../../../components/ui/QuantityStepper.tsx';
import { StarRating } from '../../../components/StarRating.tsx';
import { useToast } from '../../../components/ui/Toast.tsx';
import { formatSold } from '../../../lib/books.ts';
import { buyNowPath, loginPathFor } from '../../../lib/safeNext.ts';
import { searchPath } from '../../../lib/search.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { useBottomBarSpace } from '../../cart/useBottomBarSpace.ts';
import { useCartWrite } from '../../cart/useCartWrite.ts';
import { FavouriteButton } from '../../favourites/FavouriteButton.tsx';
import { SaleCountdown } from '../home/SaleCountdown.tsx';

/** The server's handler of the buy bar's form (apps/server/src/modules/cart/form-routes.ts). */
const CART_FORM_ACTION = '/gio-hang/them';
import { STORE_PROMISES } from '../../../app/layout/Footer.tsx';
import { lazyComponent } from '../../../lib/lazyComponent.ts';
import { LazyAlert as Alert } from '../../../lib/lazyComponent.ts';

/** The stock alert block's anchor (StockAlert.tsx): the phone's bar links to it. */
const STOCK_ALERT_ID = 'bao-khi-co-hang';
// Only a sold-out book shows it: its code (and the e-mail field's) stays out of the product page's first load.
const StockAlert = lazyComponent(async () => (await import('./StockAlert.tsx')).StockAlert);

export const BUY_NOW_ERROR = 'Không thể mua ngay. Vui lòng thử lại.';

/** Title, facts, price, stock, quantity, add to cart, buy now and the heart (spec section 2, Product detail). */
export function BuyBox({ book, onShowReviews }: { book: BookDto; onShowReviews: () => void }) {
  const toast = useToast();
  const cartWrite = useCartWrite();
  const { user } = useAuth();
  const navigate = useNavigate();
  const [qty, setQty] = useState(1);
  const [error, setError] = useState<string>();
  // Back from a guest's confirmation link (GET /api/v1/stock-alerts/confirm): say the request is on.
  const [params] = useSearchParams();
  const stockAlertConfirmed = params.get('thongBaoCoHang') === 'da-xac-nhan';
  // The phone's buy bar: in the server's HTML in place (a form that works before any script), in <body> once hydrated.
  const hydrated = useHydrated();

  const { current, percent, onSale } = priceInfo(book);
  // The sticky buy bar of phones sits over the page's end: keep the footer clear of it.
  useBottomBarSpace(true);
  const outOfStock = book.status === 'OUT_OF_STOCK' || book.stock <= 0;
  const maxQty = Math.max(1, Math.min(QTY_MAX, book.stock));
  const quantity = clampQty(qty, maxQty);

  // A guest's book goes into the guest cart on the server (joined to the account's cart at login).
  const onAdd = () => {
    setError(undefined);
    cartWrite.mutate(() => addToCart(book.id, quantity), {
      onSuccess: () => toast.show('Đã thêm vào giỏ hàng'),
      onError: (err) => setError(cartErrorText(err)),
    });
  };

  // A guest (or a lapsed session) logs in first and lands on checkout with this book (/checkout?buyNow=…).
  const toLogin = () => {
    const next = buyNowPath(book.id, quantity);
    rememberLoginRedirect(next);
    void navigate(loginPathFor(next));
  };
  const buy = useMutation({
    // Adds, makes it the only selected line, checks the address book, then goes on (features/cart/buyNow.ts,
    // loaded now: most visits never buy at once).
    mutationFn: async () => {
      const { buyNow } = await import('../../cart/buyNow.ts');
      await buyNow(book.id, quantity, { write: cartWrite.mutateAsync, navigate: (to) => void navigate(to), toLogin });
    },
    onError: () => setError(BUY_NOW_ERROR),
  });
  const onBuyNow = () => {
    setError(undefined);
    if (!user) toLogin();
    else buy.mutate();
  };
  const busy = buy.isPending ? 'buy' : cartWrite.isPending ? 'cart' : null;

  const buyBar = (
      <form
        method="post"
        action={CART_FORM_ACTION}
        data-testid="mobile-buy-bar"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white px-4 pt-2.5 pb-[max(0.625rem,env(safe-area-inset-bottom))] shadow-[0_-6px_20px_rgb(0_0_0/0.08)] lg:hidden"
      >
        {/* Before the app's scripts run, the buttons post this form (the server adds to the guest cart, or sends
            "Mua ngay" to login and checkout); once they run, the buttons' own handlers take over. */}
        <input type="hidden" name="bookId" value={book.id} />
        <input type="hidden" name="qty" value={quantity} />
        <div className="mx-auto flex max-w-xl items-center gap-2">
          <div className="min-w-0 flex-1 leading-tight">
            <span className="block text-lg font-extrabold whitespace-nowrap text-brand-700 tabular-nums">{formatVnd(current)}</span>
            {onSale ? (
              <span className="block text-xs whitespace-nowrap text-gray-500 line-through tabular-nums">{formatVnd(book.price)}</span>
            ) : (
              <span className="block text-xs text-gray-500">{outOfStock ? 'Tạm hết hàng' : `Số lượng: ${quantity}`}</span>
            )}
          </div>
          {outOfStock ? (
            <>
              <SoldOutButton className="h-11 shrink-0 px-3 text-sm" />
              <a href={`#${STOCK_ALERT_ID}`} className="inline-flex h-11 shrink-0 items-center rounded-lg border border-brand-600 px-3 text-sm font-semibold text-brand-700">
                Báo tôi khi có hàng
              </a>
            </>
          ) : (
            <>
              <Button
                type="submit"
                name="intent"
                value="add"
                variant="outline"
                onClick={(e) => {
                  e.preventDefault();
                  void onAdd();
                }}
                busy={busy === 'cart'}
                disabled={busy !== null}
                aria-label="Thêm vào giỏ hàng"
                className="h-11 shrink-0 !border-brand-600 px-3 !text-brand-700"
              >
                <ShoppingCartIcon size={20} />
                <span className="max-[419px]:sr-only">Thêm vào giỏ</span>
              </Button>
              <Button
                type="submit"
                name="intent"
                value="buy"
                onClick={(e) => {
                  e.preventDefault();
                  void onBuyNow();
                }}
                busy={busy === 'buy'}
                disabled={busy !== null}
                className="h-11 shrink-0 px-5"
              >
                Mua ngay
              </Button>
            </>
          )}
        </div>
      </form>
  );

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-1.5">
        {isNewBook(book.createdAt) && <NewBadge />}
        {percent > 0 && <DiscountBadge percent={percent} />}
        {book.categories[0] && (
          <Link to={`/danh-muc/${book.categories[0].slug}`} className="rounded-md bg-gray-100 px-1.5 py-0.5 text-[11px] font-semibold text-gray-600 hover:text-brand-700">
            {book.categories[0].name}
          </Link>
        )}
      </div>
      <h1 className="text-xl leading-snug font-bold text-gray-900 sm:text-2xl">{book.title}</h1>

      <dl className="grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-2">
        {book.supplier && <Fact label="Nhà cung cấp" value={book.supplier.name} />}
        {book.authors.length > 0 && (
          <Fact
            label="Tác giả"
            value={book.authors.map((a, i) => (
              <span key={a.id}>
                {i > 0 && ', '}
                <Link to={searchPath(a.name) ?? '/'} className="font-semibold text-brand-700 hover:underline">
                  {a.name}
                </Link>
              </span>
            ))}
          />
        )}
        {book.publisher && <Fact label="Nhà xuất bản" value={book.publisher.name} />}
        <Fact label="Hình thức" value={COVER_TYPE_LABELS[book.coverType] ?? book.coverType} />
      </dl>

      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
        <button type="button" onClick={onShowReviews} className="flex items-center gap-1.5 rounded hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          <StarRating value={book.ratingAverage} size={16} />
          <span className="text-gray-600">({formatNumberVN(book.ratingCount)} đánh giá)</span>
        </button>
        {book.sold > 0 && (
          <>
            <span aria-hidden="true" className="h-4 w-px bg-gray-300" />
            <span className="text-gray-600">Đã bán {formatSold(book.sold)}</span>
          </>
        )}
      </div>

      <div className="rounded-xl bg-gray-50 p-4 ring-1 ring-gray-100">
        {onSale && book.saleEndAt && (
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 rounded-lg bg-gradient-to-r from-brand-700 to-orange-500 px-3 py-2 text-white">
            <span className="flex items-center gap-1.5 text-sm font-extrabold tracking-wide italic">
              <ZapIcon size={16} className="fill-amber-300 text-amber-300" /> FLASH SALE
            </span>
            <SaleCountdown endAt={book.saleEndAt} />
          </div>
        )}
        <Price book={book} size="lg" />
        <p className="mt-2 flex items-center gap-1.5 text-xs text-gray-500">
          <TruckIcon size={14} /> Miễn phí giao hàng cho đơn từ 500.000₫
        </p>
      </div>

      <p className={`flex items-center gap-1.5 text-sm font-medium ${outOfStock ? 'text-red-700' : 'text-emerald-700'}`} data-testid="stock-state">
        {outOfStock ? (
          'Tạm hết hàng'
        ) : (
          <>
            <CircleCheckIcon size={16} /> Còn hàng{book.stock <= 10 ? ` (chỉ còn ${book.stock} sản phẩm)` : ''}
          </>
        )}
      </p>

      <div className="flex items-center gap-4">
        <span className="text-sm font-medium text-gray-700">Số lượng</span>
        <QuantityStepper value={quantity} onChange={setQty} max={maxQty} disabled={outOfStock} />
      </div>

      {error && <Alert>{error}</Alert>}

      <div className="flex flex-wrap items-center gap-2.5">
        {/* On phones these two live in the sticky bar at the bottom of the screen (below). */}
        {outOfStock ? (
          <SoldOutButton className="h-12 px-8 text-base max-lg:!hidden" />
        ) : (
          <>
            <Button variant="outline" size="lg" onClick={onAdd} busy={busy === 'cart'} disabled={busy !== null} className="!border-brand-600 !text-brand-700 hover:!bg-brand-50 max-lg:!hidden">
              <ShoppingCartIcon size={20} /> Thêm vào giỏ hàng
            </Button>
            <Button size="lg" onClick={onBuyNow} busy={busy === 'buy'} disabled={busy !== null} className="px-10 max-lg:!hidden">
              Mua ngay
            </Button>
          </>
        )}
        <FavouriteButton bookId={book.id} title={book.title} variant="detail" />
      </div>
      {outOfStock && (
        <Suspense fallback={<div id={STOCK_ALERT_ID} className="h-[70px]" />}>
          <StockAlert bookId={book.id} confirmed={stockAlertConfirmed} />
        </Suspense>
      )}

      {
        // Rendered on the server too (a plain form that works before hydration); once hydrated it moves into <body>,
        // so no ancestor of the product page can make it scroll with the page (a containing block).
        hydrated ? createPortal(buyBar, document.body) : buyBar
      }

      <ul className="grid gap-2 rounded-xl border border-gray-100 p-3 text-sm sm:grid-cols-3" aria-label="Ưu đãi và cam kết">
        {STORE_PROMISES.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex items-center gap-2.5">
            <span className="grid size-9 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
              <Icon size={18} />
            </span>
            <span className="leading-tight">
              <span className="block text-xs font-semibold text-gray-900">{title}</span>
              <span className="block text-[11px] text-gray-500">{text}</span>
            </span>
          </li>
        ))}
      </ul>

    </div>
  );
}

/** A sold-out book's buy button: grey, disabled, saying so (the stock alert beside it is the way forward). */
function SoldOutButton({ className = '' }: { className?: string }) {
  return (
    <button type="button" disabled aria-disabled="true" className={`inline-flex cursor-not-allowed items-center justify-center rounded-lg bg-gray-200 font-semibold text-gray-500 ${className}`}>
      Tạm hết hàng
    </button>
  );
}

function Fact({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div className="flex gap-1.5">
      <dt className="shrink-0 text-gray-500">{label}:</dt>
      <dd className="min-w-0 font-medium text-gray-900">{value}</dd>
    </div>
  );
}
