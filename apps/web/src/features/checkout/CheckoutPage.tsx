import { Suspense, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { useViewer } from '../../lib/viewer.ts';
import {
  computeTotals,
  DELIVERY_METHOD_LABELS,
  formatVnd,
  ORDER_NOTE_MAX,
  PAYMENT_METHOD_CHECKOUT,
  PAYMENT_METHOD_FLOWS,
  type AddressDto,
  type DeliveryMethod,
  type InvoiceRequestDto,
  type InvoiceRequestErrors,
  type PaymentMethod,
} from '@nhasach/shared';
import { BanknoteIcon, CreditCardIcon, MapPinIcon, PenIcon, PlusIcon, ReceiptTextIcon, ShieldCheckIcon, ShoppingCartIcon, TruckIcon } from 'lucide-react';
import { addressesQuery } from '../../api/addresses.ts';
import { paymentMethodsQuery } from '../../api/payments.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Button, buttonClass } from '../../components/ui/Button.tsx';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { BookLineSkeleton, EmptyState, ErrorState, Skeleton, SkeletonText } from '../../components/ui/EmptyState.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { VoucherField } from './VoucherField.tsx';
import { ShippingOptions } from './ShippingOptions.tsx';
import { useShippingQuote } from './useShippingQuote.ts';
import { isShippingFeeChanged } from './api/shippingQuote.ts';
import { LazyAlert as Alert, lazyComponent } from '../../lib/lazyComponent.ts';
import { buyNowParams } from '../cart/buyNowParams.ts';
import { SummaryRow } from '../cart/SummaryRow.tsx';
import { useBottomBarSpace } from '../cart/useBottomBarSpace.ts';
import { useCart } from '../cart/useCart.ts';
import { gatewayParams, paymentReturnBase } from './paymentReturn.ts';
import { errorText } from '../../components/ui/errorText.ts';
import { bookHref } from '../../lib/books.ts';
import { ADDRESS_PAGE_FOR_CHECKOUT } from '../../lib/safeNext.ts';
import { EMPTY_INVOICE_REQUEST, serverInvoiceErrors } from '../invoices/requestForm.ts';
import { usePlaceOrder } from './usePlaceOrder.ts';

// The new-address form (with the administrative units it picks from) loads when the shopper adds an address.
const AddressForm = lazyComponent(async () => (await import('../account/AddressForm.tsx')).AddressForm);
// The company invoice's fields load when the shopper asks for one.
const InvoiceRequestFields = lazyComponent(async () => (await import('../invoices/InvoiceRequestFields.tsx')).InvoiceRequestFields);
// The screens of a return from the payment gateway and of a guest's "Mua ngay" resumed after login load when the
// address asks for them: most visits show the order form.
const PaymentResult = lazyComponent(async () => (await import('./PaymentResult.tsx')).PaymentResult);
const BuyNowResume = lazyComponent(async () => (await import('../cart/BuyNowResume.tsx')).BuyNowResume);

/** What the order detail page shows after arriving from checkout. */
export interface OrderPlacedState {
  placed?: boolean;
  paymentError?: string;
}

/** /checkout: the order form, or the payment-result banner when the gateway sent the shopper back (spec section 2). */
export function CheckoutPage() {
  const [params] = useSearchParams();
  const gateway = gatewayParams(params);
  // A guest's "Mua ngay" comes back here from login with its book (features/cart/buyNow.ts).
  const buyNow = buyNowParams(params);
  useDocumentTitle(gateway ? 'Kết quả thanh toán' : 'Thanh toán');
  return (
    <div className="page-container py-5 sm:py-8">
      <Breadcrumb items={[{ label: 'Giỏ hàng', href: '/gio-hang' }, { label: gateway ? 'Kết quả thanh toán' : 'Thanh toán' }]} className="mb-4" />
      {gateway ? (
        <Suspense fallback={<CheckoutSkeleton />}>
          <PaymentResult params={gateway} orderParam={params.get('order')} />
        </Suspense>
      ) : buyNow ? (
        <Suspense fallback={<CheckoutSkeleton />}>
          <BuyNowResume key={`${buyNow.bookId}-${buyNow.qty}`} bookId={buyNow.bookId} qty={buyNow.qty} />
        </Suspense>
      ) : (
        <CheckoutForm />
      )}
    </div>
  );
}

/** The mark beside each method the checkout offers (a card for one it has none of). */
const METHOD_ICONS: Partial<Record<PaymentMethod, ReactNode>> = {
  COD: <BanknoteIcon size={18} />,
  VNPAY: (
    <span className="text-[11px] font-extrabold tracking-tight">
      <span className="text-red-600">VN</span>
      <span className="text-sky-700">PAY</span>
    </span>
  ),
  BANK_TRANSFER: (
    <span className="text-[10px] font-extrabold tracking-tight">
      <span className="text-red-600">Viet</span>
      <span className="text-sky-700">QR</span>
    </span>
  ),
};

function CheckoutForm() {
  const { query: cartQuery, cart } = useCart();
  const addresses = useQuery(addressesQuery(useViewer()));

  const [chosenAddressId, setChosenAddressId] = useState<number | null>(null);
  const [addingAddress, setAddingAddress] = useState(false);
  // The methods the shop takes now (the server's payment registry); the first is chosen until the shopper picks.
  const methods = useQuery(paymentMethodsQuery());
  const offered = methods.data ?? [];
  const [pickedMethod, setPaymentMethod] = useState<PaymentMethod | null>(null);
  const paymentMethod = offered.find((o) => o.method === pickedMethod)?.method ?? offered[0]?.method ?? null;
  const [deliveryMethod, setDeliveryMethod] = useState<DeliveryMethod | null>('STANDARD');
  const [note, setNote] = useState('');
  const [invoiceWanted, setInvoiceWanted] = useState(false);
  const [invoice, setInvoice] = useState<InvoiceRequestDto>(EMPTY_INVOICE_REQUEST);
  const [invoiceErrors, setInvoiceErrors] = useState<InvoiceRequestErrors>({});
  const [error, setError] = useState<string>();
  const placeOrder = usePlaceOrder((err, text) => {
    if (invoiceWanted) setInvoiceErrors(serverInvoiceErrors(err));
    // The tariff moved since the quote: ask again, the shopper checks the new fee and places the order again.
    if (isShippingFeeChanged(err)) shipping.refreshAfterFeeChange();
    setError(text);
    void cartQuery.refetch();
  });
  // Busy from the click until the shopper has left for the order (a success keeps the form as it is meanwhile).
  const submitting = placeOrder.isPending || placeOrder.isSuccess;
  // Set at the click itself: a second click before the next render is not a second order.
  const inFlight = useRef(false);

  const list = addresses.data ?? [];
  const address: AddressDto | undefined =
    list.find((a) => a.id === chosenAddressId) ?? list.find((a) => a.isDefault) ?? list[0];
  const lines = (cart?.items ?? []).filter((i) => i.selected && i.available);
  // The applied voucher's effect comes from the server's cart; the shared rule adds it to the totals.
  const voucher = cart?.voucher?.applicable ? cart.voucher : null;
  // The carrier's quote for this address and these lines; until it answers the fee is not counted in the total.
  const shipping = useShippingQuote(address?.id, lines, deliveryMethod);
  const totals = computeTotals(lines, deliveryMethod ?? 'STANDARD', voucher, shipping.option?.carrierFee ?? 0);
  const quantity = lines.reduce((n, l) => n + l.qty, 0);
  // Until the cart and the addresses are read the form is its frame: the steps, the payment methods, the summary's
  // labels, with the places of what is still to come, the same size.
  const loading = cartQuery.isPending || addresses.isPending;
  useBottomBarSpace(loading || lines.length > 0);

  const canSubmit = !!address && !!paymentMethod && !!deliveryMethod && lines.length > 0 && !!shipping.option && !submitting;

  const submit = async () => {
    if (!canSubmit || inFlight.current || !address || !paymentMethod || !deliveryMethod || !shipping.option) return;
    inFlight.current = true;
    try {
      if (invoiceWanted) {
        // The company details' rules load when an order with an invoice is sent.
        const rules = await import('./invoiceRules.ts').catch((err: unknown) => {
          setError(errorText(err, 'Đặt hàng thất bại'));
        });
        if (!rules) return;
        const found = rules.invoiceRequestErrors(invoice);
        setInvoiceErrors(found);
        if (Object.keys(found).length > 0) {
          setError('Vui lòng kiểm tra thông tin xuất hoá đơn.');
          document.getElementById('checkout-step-5')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
          return;
        }
      }
      setError(undefined);
      shipping.clearFeeChanged();
      const trimmed = note.trim();
      await placeOrder.mutateAsync({
        addressId: address.id,
        paymentMethod,
        deliveryMethod,
        // The fee shown: the server refuses the order (409) when its own quote differs, rather than charge another.
        expectedShippingFee: shipping.option.fee,
        ...(trimmed ? { note: trimmed } : {}),
        ...(voucher ? { voucherCode: voucher.code } : {}),
        ...(invoiceWanted ? { invoice } : {}),
        // Checked by the server before it places the order: a refused address leaves no unpaid order behind.
        ...(PAYMENT_METHOD_FLOWS[paymentMethod] === 'GATEWAY' ? { returnUrl: paymentReturnBase() } : {}),
      });
    } catch {
      // Shown by usePlaceOrder's onRefused.
    } finally {
      inFlight.current = false;
    }
  };

  if (cartQuery.isError) {
    return <ErrorState message="Không tải được giỏ hàng" onRetry={() => void cartQuery.refetch()} retrying={cartQuery.isFetching} />;
  }
  if (!loading && lines.length === 0 && !submitting) {
    return (
      <EmptyState
        icon={<ShoppingCartIcon size={28} />}
        title="Chưa có sản phẩm nào được chọn để đặt hàng"
        description="Hãy chọn sản phẩm trong giỏ hàng rồi bấm Mua hàng."
        action={
          <Link to="/gio-hang" className={buttonClass('primary', 'md')}>
            Về giỏ hàng
          </Link>
        }
      />
    );
  }

  const noAddress = addresses.isSuccess && list.length === 0;
  const placeButton = (extra = '') => (
    <Button size="lg" onClick={() => void submit()} disabled={!canSubmit} busy={submitting} busyText="Đang đặt..." className={extra}>
      Đặt hàng
    </Button>
  );

  return (
    <>
      <h1 className="mb-5 text-2xl font-bold text-gray-900">Thanh toán</h1>
      <div className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-6">
        <div className="min-w-0 space-y-4">
          <Step n={1} title="Địa chỉ nhận hàng" icon={<MapPinIcon size={18} />} action={
            <Link to={ADDRESS_PAGE_FOR_CHECKOUT} className="text-sm font-semibold text-brand-700 hover:underline">
              Quản lý địa chỉ
            </Link>
          }>
            {loading ? (
              <AddressPlaceholder />
            ) : addresses.isError ? (
              <ErrorState compact message="Không tải được địa chỉ" onRetry={() => void addresses.refetch()} retrying={addresses.isFetching} />
            ) : noAddress || addingAddress ? (
              <div className="space-y-3">
                {noAddress && (
                  <Alert tone="info">Bạn chưa có địa chỉ nhận hàng. Vui lòng nhập tên người nhận, số điện thoại và địa chỉ giao hàng.</Alert>
                )}
                <Suspense fallback={<Skeleton className="h-72 w-full" />}>
                <AddressForm
                  defaultMakeDefault={noAddress}
                  submitLabel="Lưu địa chỉ"
                  onCancel={noAddress ? undefined : () => setAddingAddress(false)}
                  onSaved={(saved) => {
                    setChosenAddressId(saved.id);
                    setAddingAddress(false);
                  }}
                />
                </Suspense>
              </div>
            ) : (
              <fieldset>
                <legend className="sr-only">Chọn địa chỉ giao hàng</legend>
                <div className="grid gap-2.5">
                  {list.map((a) => (
                    <label
                      key={a.id}
                      data-testid="checkout-address"
                      className="flex cursor-pointer gap-3 rounded-xl border border-gray-200 p-3.5 transition-colors hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/40 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-600/20"
                    >
                      <input
                        type="radio"
                        name="address"
                        className="mt-1 size-4 shrink-0 accent-brand-700"
                        checked={address?.id === a.id}
                        onChange={() => setChosenAddressId(a.id)}
                        aria-label={`${a.fullName}, ${a.phone}, ${a.addressLine}`}
                      />
                      <span className="min-w-0 text-sm">
                        <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                          <span className="font-semibold text-gray-900">{a.fullName}</span>
                          <span className="text-gray-500">{a.phone}</span>
                          {a.isDefault && (
                            <span className="rounded-md border border-brand-600 px-1.5 py-px text-[11px] font-semibold text-brand-700">Mặc định</span>
                          )}
                        </span>
                        <span className="mt-1 block leading-relaxed text-gray-700">{a.addressLine}</span>
                      </span>
                    </label>
                  ))}
                </div>
                <Button variant="ghost" size="sm" className="mt-2 !text-brand-700" onClick={() => setAddingAddress(true)}>
                  <PlusIcon size={16} /> Thêm địa chỉ mới
                </Button>
              </fieldset>
            )}
          </Step>

          <Step n={2} title="Phương thức giao hàng" icon={<TruckIcon size={18} />}>
            <ShippingOptions
              shipping={shipping}
              hasAddress={loading || (!!address && !addingAddress)}
              method={deliveryMethod}
              onChange={setDeliveryMethod}
              freeShipping={!!voucher?.freeShipping}
            />
          </Step>

          <Step n={3} title="Phương thức thanh toán" icon={<CreditCardIcon size={18} />}>
            <fieldset>
              <legend className="sr-only">Phương thức thanh toán</legend>
              <div className="grid gap-2.5">
                {methods.isPending ? (
                  <>
                    <Skeleton className="h-16" />
                    <Skeleton className="h-16" />
                  </>
                ) : methods.isError ? (
                  <ErrorState compact message="Không tải được các phương thức thanh toán." onRetry={() => void methods.refetch()} retrying={methods.isFetching} />
                ) : (
                  offered.map((o) => (
                    <OptionCard
                      key={o.method}
                      name="payment"
                      checked={paymentMethod === o.method}
                      onChange={() => setPaymentMethod(o.method)}
                      icon={METHOD_ICONS[o.method] ?? <CreditCardIcon size={18} />}
                      title={PAYMENT_METHOD_CHECKOUT[o.method].title}
                      description={PAYMENT_METHOD_CHECKOUT[o.method].hint}
                    />
                  ))
                )}
              </div>
            </fieldset>
          </Step>

          <Step n={4} title="Ghi chú" icon={<PenIcon size={16} />}>
            <label htmlFor="order-note" className="sr-only">
              Ghi chú cho đơn hàng
            </label>
            <textarea
              id="order-note"
              value={note}
              maxLength={ORDER_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              rows={3}
              placeholder="Ghi chú cho người bán hoặc người giao hàng (không bắt buộc)"
              className="block w-full resize-y rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-[15px] text-gray-900 placeholder:text-gray-500 hover:border-gray-400 focus:border-brand-600 focus:ring-3 focus:ring-brand-600/15 focus:outline-none"
            />
            <p className="mt-1 text-right text-xs text-gray-500">
              {note.length}/{ORDER_NOTE_MAX}
            </p>
          </Step>

          <Step n={5} title="Hoá đơn GTGT" icon={<ReceiptTextIcon size={16} />}>
            <label className="flex cursor-pointer items-start gap-3 text-[15px] text-gray-800">
              <input
                type="checkbox"
                checked={invoiceWanted}
                onChange={(e) => setInvoiceWanted(e.target.checked)}
                onFocus={() => void InvoiceRequestFields.preload()}
                className="mt-0.5 size-5 rounded border-gray-300 text-brand-600 focus:ring-brand-600"
              />
              <span>
                Xuất hoá đơn công ty
                <span className="block text-sm text-gray-500">Hoá đơn điện tử được gửi tới email của công ty khi đơn hàng được thanh toán.</span>
              </span>
            </label>
            {invoiceWanted && (
              <div className="mt-4">
                <Suspense fallback={<Skeleton className="h-40 w-full" />}>
                  <InvoiceRequestFields idPrefix="checkout-invoice" value={invoice} onChange={setInvoice} errors={invoiceErrors} />
                </Suspense>
              </div>
            )}
          </Step>
        </div>

        <aside className="space-y-3 lg:sticky lg:top-32">
          <section aria-labelledby="checkout-items-title" className="rounded-2xl border border-gray-200 bg-white shadow-sm">
            <header className="flex items-center justify-between gap-3 border-b border-gray-100 px-5 py-4">
              <h2 id="checkout-items-title" className="text-base font-bold text-gray-900">
                Đơn hàng {!loading && <span className="font-medium text-gray-500">({lines.length} sản phẩm)</span>}
              </h2>
              <Link to="/gio-hang" className="text-sm font-semibold text-brand-700 hover:underline">
                Sửa
              </Link>
            </header>
            <ul className="max-h-80 divide-y divide-gray-100 overflow-y-auto px-5" aria-label="Sản phẩm đặt mua" aria-busy={loading || undefined}>
              {loading && (
                <li className="flex gap-3 py-3">
                  <BookLineSkeleton cover="h-16 w-12" />
                </li>
              )}
              {lines.map((l) => (
                <li key={l.bookId} data-testid="checkout-line" className="flex gap-3 py-3">
                  <div className="relative shrink-0">
                    <ImageWithFallback src={l.thumbnail} alt="" className="h-16 w-12 rounded-md border border-gray-100 object-cover" placeholderClassName="h-16 w-12 rounded-md [&_span]:hidden [&_svg]:size-5" />
                    <span className="absolute -top-1.5 -right-1.5 grid min-w-5 place-items-center rounded-full bg-gray-700 px-1 text-[11px] font-bold text-white">{l.qty}</span>
                  </div>
                  <div className="min-w-0 flex-1">
                    <Link to={bookHref(l.slug)} className="line-clamp-2 text-sm font-medium text-gray-900 hover:text-brand-700">
                      {l.title}
                    </Link>
                    <p className="mt-0.5 text-xs text-gray-500">
                      {formatVnd(l.unitPrice)} × {l.qty}
                      {l.onSale && l.originalUnitPrice > l.unitPrice && <s className="ml-1.5 text-gray-500">{formatVnd(l.originalUnitPrice)}</s>}
                    </p>
                  </div>
                  <p className="shrink-0 text-sm font-semibold text-gray-900">{formatVnd(l.lineTotal)}</p>
                </li>
              ))}
            </ul>
            {cart && (
              <div className="border-t border-gray-100 px-5 py-4">
                <h3 className="mb-2.5 flex items-center gap-2 text-sm font-bold text-gray-900">Mã giảm giá</h3>
                <VoucherField cart={cart} />
              </div>
            )}
            <dl className="space-y-2.5 border-t border-gray-100 px-5 py-4">
              <SummaryRow label={loading ? 'Tạm tính' : `Tạm tính (${quantity} cuốn)`} value={loading ? <SkeletonText className="h-4 w-20" /> : formatVnd(totals.subtotal)} />
              {totals.discountTotal > 0 && (
                <SummaryRow
                  label="Giảm giá"
                  hint={voucher && totals.voucherDiscount > 0 ? `Gồm mã ${voucher.code}: -${formatVnd(totals.voucherDiscount)}` : undefined}
                  value={<span data-testid="checkout-discount">-{formatVnd(totals.discountTotal)}</span>}
                />
              )}
              <SummaryRow
                label="Phí vận chuyển"
                hint={
                  voucher && totals.shippingDiscount > 0
                    ? `Miễn phí với mã ${voucher.code}`
                    : deliveryMethod
                      ? DELIVERY_METHOD_LABELS[deliveryMethod]
                      : undefined
                }
                value={
                  loading ? (
                    <SkeletonText className="h-4 w-20" />
                  ) : !shipping.option ? (
                    <span className="text-gray-500">{shipping.query.isFetching ? 'Đang tính…' : 'Chưa tính'}</span>
                  ) : totals.shippingFee === 0 ? (
                    <span className="text-emerald-700" data-testid="checkout-shipping-fee">Miễn phí</span>
                  ) : (
                    <span data-testid="checkout-shipping-fee">{formatVnd(totals.shippingFee)}</span>
                  )
                }
              />
              {totals.taxTotal > 0 && <SummaryRow label="Thuế" value={formatVnd(totals.taxTotal)} />}
              <SummaryRow
                label="Tổng cộng"
                value={
                  <>
                    {loading ? <SkeletonText className="h-6 w-28" /> : <span data-testid="checkout-total">{formatVnd(totals.grandTotal)}</span>}
                    <span className="mt-1 block text-xs font-normal text-gray-500">Đã bao gồm VAT</span>
                  </>
                }
                strong
              />
            </dl>
            <div className="space-y-3 border-t border-gray-100 px-5 py-4">
              {error && (
                <Alert>
                  <strong className="block">Đặt hàng thất bại</strong>
                  {error !== 'Đặt hàng thất bại' && <span>{error}</span>}
                </Alert>
              )}
              {!loading && !address && !noAddress && <p className="text-xs text-amber-700">Vui lòng chọn địa chỉ nhận hàng.</p>}
              {noAddress && <p className="text-xs text-amber-700">Vui lòng lưu địa chỉ nhận hàng trước khi đặt hàng.</p>}
              {/* Phones use the button of the bottom bar. */}
              <div className="hidden lg:block">{placeButton('w-full')}</div>
              <p className="flex items-center justify-center gap-1.5 text-xs text-gray-500">
                <ShieldCheckIcon size={14} /> Thông tin của bạn được bảo mật an toàn
              </p>
            </div>
          </section>
        </aside>
      </div>

      {/* Phones: the total and the order button stay in reach. */}
      <div className="fixed inset-x-0 bottom-0 z-30 border-t border-gray-200 bg-white px-4 py-3 shadow-[0_-6px_20px_rgb(0_0_0/0.08)] lg:hidden">
        <div className="mx-auto flex max-w-xl items-center gap-3">
          <div className="min-w-0 flex-1">
            <p className="text-xs text-gray-500">Tổng cộng</p>
            <p className="truncate text-lg font-extrabold text-brand-700 tabular-nums">{loading ? <SkeletonText className="h-5 w-24" /> : formatVnd(totals.grandTotal)}</p>
          </div>
          {placeButton('shrink-0 px-7')}
        </div>
      </div>
    </>
  );
}

function Step({ n, title, icon, action, children }: { n: number; title: string; icon: ReactNode; action?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`checkout-step-${n}`} className="rounded-2xl border border-gray-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="mb-4 flex items-center justify-between gap-3">
        <h2 id={`checkout-step-${n}`} className="flex items-center gap-2.5 text-base font-bold text-gray-900">
          <span className="grid size-8 place-items-center rounded-full bg-brand-50 text-brand-700" aria-hidden="true">
            {icon}
          </span>
          {title}
        </h2>
        {action}
      </header>
      {children}
    </section>
  );
}

function OptionCard({
  name,
  checked,
  onChange,
  icon,
  title,
  description,
  aside,
}: {
  name: string;
  checked: boolean;
  onChange: () => void;
  icon: ReactNode;
  title: string;
  description?: string;
  aside?: ReactNode;
}) {
  return (
    <label className="flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 p-3.5 transition-colors hover:border-brand-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50/40 has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-brand-600/20">
      <input type="radio" name={name} checked={checked} onChange={onChange} className="size-4 shrink-0 accent-brand-700" />
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-gray-50 text-gray-700 ring-1 ring-gray-100" aria-hidden="true">
        {icon}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block text-sm font-semibold text-gray-900">{title}</span>
        {description && <span className="mt-0.5 block text-xs leading-relaxed text-gray-500">{description}</span>}
      </span>
      {aside && <span className="shrink-0 text-sm">{aside}</span>}
    </label>
  );
}

/** The first address's place while the addresses are on their way: the box of an address, the same size. */
function AddressPlaceholder() {
  return (
    <div>
      <div className="flex gap-3 rounded-xl border border-gray-200 p-3.5">
        <span role="status" className="sr-only">
          Đang tải địa chỉ…
        </span>
        <Skeleton className="mt-1 size-4 shrink-0 rounded-full" />
        <div className="min-w-0 flex-1 text-sm">
          <Skeleton className="my-0.5 h-4 w-2/3" />
          <Skeleton className="mt-2 h-[18px] w-16" />
          <Skeleton className="mt-2 h-4 w-5/6" />
          <Skeleton className="mt-2 h-4 w-1/2" />
        </div>
      </div>
      <Skeleton className="mt-2 h-9 w-40" />
    </div>
  );
}

function CheckoutSkeleton() {
  return (
    <div role="status" aria-label="Đang tải" className="grid items-start gap-5 lg:grid-cols-[minmax(0,1fr)_380px] lg:gap-6">
      <span className="sr-only">Đang tải…</span>
      <div className="space-y-4">
        {[0, 1, 2].map((i) => (
          <div key={i} className="space-y-3 rounded-2xl border border-gray-200 bg-white p-5">
            <Skeleton className="h-5 w-48" />
            <Skeleton className="h-16 w-full" />
          </div>
        ))}
      </div>
      <div className="space-y-3 rounded-2xl border border-gray-200 bg-white p-5">
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    </div>
  );
}
