import { discountPercent, effectivePrice, formatVnd, type SaleFields } from '@nhasach/shared';
import { DiscountBadge } from './Badge.tsx';

/** Price facts of a book at this moment, using the shared sale rule (spec section 4). */
export function priceInfo(book: SaleFields, now = Date.now()) {
  const current = effectivePrice(book, now);
  const percent = discountPercent(book.price, current);
  return { current, original: book.price, percent, onSale: percent > 0 };
}

type Size = 'sm' | 'md' | 'lg';
const CURRENT: Record<Size, string> = {
  sm: 'text-[15px] font-bold',
  md: 'text-lg font-bold',
  lg: 'text-3xl font-extrabold tracking-tight',
};
const ORIGINAL: Record<Size, string> = { sm: 'text-xs', md: 'text-sm', lg: 'text-base' };

/** Price in VND with the dong sign; on sale: the original struck through and the '-N%' badge. */
export function Price({ book, size = 'sm', showBadge = true, className = '' }: { book: SaleFields; size?: Size; showBadge?: boolean; className?: string }) {
  const { current, original, percent, onSale } = priceInfo(book);
  return (
    <div className={`flex flex-wrap items-baseline gap-x-2 gap-y-0.5 ${className}`}>
      <span className="sr-only">{onSale ? 'Giá khuyến mãi: ' : 'Giá: '}</span>
      <span data-testid="price-current" className={`${CURRENT[size]} ${onSale ? 'text-brand-700' : 'text-gray-900'}`}>
        {formatVnd(current)}
      </span>
      {onSale && (
        <>
          <s className={`${ORIGINAL[size]} text-gray-500`}>
            <span className="sr-only">Giá gốc: </span>
            {formatVnd(original)}
          </s>
          {showBadge && <DiscountBadge percent={percent} className={size === 'lg' ? 'text-sm' : ''} />}
        </>
      )}
    </div>
  );
}
