import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { discountPercent, formatVnd, type CartItemDto } from '@nhasach/shared';
import { CircleAlertIcon, Trash2Icon } from 'lucide-react';
import { DiscountBadge } from '../../components/Badge.tsx';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';
import { Spinner } from '../../components/ui/Spinner.tsx';
import { QuantityStepper } from '../../components/ui/QuantityStepper.tsx';
import { bookHref } from '../../lib/books.ts';

/** Why a line cannot be ordered, or a warning about it (spec section 8, Cart). */
export function lineNotice(item: CartItemDto): { text: string; blocking: boolean } | undefined {
  if (item.issue === 'INACTIVE') return { text: 'Sản phẩm đã ngừng bán', blocking: true };
  if (item.issue === 'OUT_OF_STOCK' || (!item.available && item.stockAvailable <= 0)) return { text: 'Sản phẩm đã hết hàng', blocking: true };
  if (!item.available) return { text: 'Sản phẩm hiện không thể đặt mua', blocking: true };
  if (item.issue === 'INSUFFICIENT_STOCK') return { text: `Chỉ còn ${item.stockAvailable} sản phẩm, vui lòng giảm số lượng`, blocking: false };
  if (item.stockAvailable <= 5) return { text: `Chỉ còn ${item.stockAvailable} sản phẩm`, blocking: false };
  return undefined;
}

export interface CartLineRowProps {
  item: CartItemDto;
  busy: boolean;
  /** Another write is running: controls wait for it. */
  locked: boolean;
  onSelect: (selected: boolean) => void;
  onQty: (qty: number) => void;
  onRemove: () => void;
}

/** One cart line: tick, cover, title, unit price, quantity, line total and remove. */
export function CartLineRow({ item, busy, locked, onSelect, onQty, onRemove }: CartLineRowProps) {
  const notice = lineNotice(item);
  const blocked = !item.available;
  // The tick shows in the frame of the click; the cart's value takes over once it changes or the write ends.
  const [ticked, setTicked] = useState<{ from: boolean; to: boolean } | null>(null);
  useEffect(() => {
    if (!busy) setTicked(null);
  }, [busy]);
  const selected = ticked && ticked.from === item.selected ? ticked.to : item.selected;
  const percent = item.onSale ? discountPercent(item.originalUnitPrice, item.unitPrice) : 0;
  const href = bookHref(item.slug);
  return (
    <li
      data-testid="cart-line"
      aria-busy={busy || undefined}
      className={`relative grid grid-cols-[auto_72px_1fr] gap-x-3 gap-y-2 px-4 py-4 sm:px-5 lg:grid-cols-[auto_80px_minmax(0,1fr)_120px_128px_120px_40px] lg:items-center lg:gap-x-4 ${blocked ? 'bg-gray-50/80' : ''}`}
    >
      <div className="pt-8 lg:pt-0">
        <input
          type="checkbox"
          className="size-[18px] cursor-pointer accent-brand-700 disabled:cursor-not-allowed"
          checked={selected && !blocked}
          disabled={blocked || locked}
          onChange={(e) => {
            setTicked({ from: item.selected, to: e.target.checked });
            onSelect(e.target.checked);
          }}
          aria-label={`Chọn “${item.title}”`}
        />
      </div>
      <Link to={href} tabIndex={-1} aria-hidden="true" className={`block overflow-hidden rounded-lg border border-gray-100 bg-white ${blocked ? 'opacity-50 grayscale' : ''}`}>
        <ImageWithFallback src={item.thumbnail} alt="" className="aspect-[3/4] w-full object-cover" placeholderClassName="aspect-[3/4] w-full [&_span]:hidden" />
      </Link>

      <div className={`min-w-0 ${blocked ? 'opacity-70' : ''}`}>
        <Link
          to={href}
          className="line-clamp-2 text-sm leading-snug font-medium text-gray-900 hover:text-brand-700 focus-visible:rounded focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {item.title}
        </Link>
        {/* Price under the title on phones and tablets; its own column on desktop. */}
        <div className="mt-1.5 flex flex-wrap items-baseline gap-x-2 lg:hidden">
          <UnitPrice item={item} percent={percent} />
        </div>
        {notice && (
          <p className={`mt-1.5 flex items-center gap-1 text-xs font-medium ${notice.blocking ? 'text-red-700' : 'text-amber-700'}`}>
            <CircleAlertIcon size={14} className="shrink-0" />
            {notice.text}
          </p>
        )}
      </div>

      <div className="hidden lg:block">
        <UnitPrice item={item} percent={percent} stacked />
      </div>

      <div className="col-span-2 col-start-2 flex items-center justify-between gap-3 lg:col-span-1 lg:col-start-auto lg:justify-center">
        <QuantityStepper mode="commit" size="sm" value={item.qty} max={item.stockAvailable} disabled={blocked || locked} onChange={onQty} itemName={item.title} />
        <div className="flex items-center gap-1 lg:hidden">
          <span className={`text-[15px] font-bold ${blocked ? 'text-gray-500' : 'text-brand-700'}`}>{formatVnd(item.lineTotal)}</span>
          <RemoveButton title={item.title} disabled={locked} onClick={onRemove} />
        </div>
      </div>

      <p className={`hidden text-right text-[15px] font-bold lg:block ${blocked ? 'text-gray-500' : 'text-brand-700'}`}>
        <span className="sr-only">Thành tiền: </span>
        {formatVnd(item.lineTotal)}
      </p>
      <div className="hidden justify-end lg:flex">
        <RemoveButton title={item.title} disabled={locked} onClick={onRemove} />
      </div>

      {busy && (
        <div className="absolute inset-0 grid place-items-center bg-white/50" aria-hidden="true">
          <Spinner className="size-5 text-brand-700" />
        </div>
      )}
    </li>
  );
}

function UnitPrice({ item, percent, stacked = false }: { item: CartItemDto; percent: number; stacked?: boolean }) {
  return (
    <div className={stacked ? 'flex flex-col items-start gap-0.5' : 'contents'}>
      <span className="text-sm font-semibold text-gray-900">
        <span className="sr-only">Đơn giá: </span>
        {formatVnd(item.unitPrice)}
      </span>
      {item.onSale && item.originalUnitPrice > item.unitPrice && (
        <span className="flex items-center gap-1.5">
          <s className="text-xs text-gray-500">
            <span className="sr-only">Giá gốc: </span>
            {formatVnd(item.originalUnitPrice)}
          </s>
          <DiscountBadge percent={percent} />
        </span>
      )}
    </div>
  );
}

function RemoveButton({ title, disabled, onClick }: { title: string; disabled: boolean; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={`Xoá “${title}” khỏi giỏ hàng`}
      title="Xoá"
      className="grid size-9 place-items-center rounded-lg text-gray-500 transition-colors hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50"
    >
      <Trash2Icon size={18} />
    </button>
  );
}
