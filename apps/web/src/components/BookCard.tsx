import { Link } from 'react-router';
import { COVER_CARD_SIZES, coverSrcSet, isNewBook, type BookCardDto, formatNumberVN } from '@nhasach/shared';
import { FavouriteButton } from '../features/favourites/FavouriteButton.tsx';
import { authorNames, bookPath, formatSold } from '../lib/books.ts';
import { DiscountBadge, NewBadge } from './Badge.tsx';
import { ImageWithFallback } from './ImageWithFallback.tsx';
import { Price, priceInfo } from './Price.tsx';
import { Skeleton } from './ui/EmptyState.tsx';
import { widthClass } from '../lib/widthClass.ts';
import { StarRating } from './StarRating.tsx';

export interface BookCardProps {
  book: BookCardDto;
  /** Load the cover at once (first row of a page). */
  eager?: boolean;
  /** Flash sale look: a sold bar under the price. */
  saleBar?: boolean;
  className?: string;
}

/** A book in a list: cover with badges and heart, title (2 lines), author, price, rating and sold count. */
export function BookCard({ book, eager = false, saleBar = false, className = '' }: BookCardProps) {
  const { percent } = priceInfo(book);
  const isNew = isNewBook(book.createdAt);
  const outOfStock = book.status === 'OUT_OF_STOCK' || book.stock <= 0;
  const href = bookPath(book);
  const authors = authorNames(book.authors);
  return (
    <article
      data-testid="book-card"
      className={`group relative flex h-full flex-col overflow-hidden rounded-xl border border-gray-200 bg-white transition duration-200 hover:-translate-y-0.5 hover:border-brand-200 hover:shadow-lg hover:shadow-gray-900/5 ${className}`}
    >
      <div className="relative aspect-[2/3] overflow-hidden bg-gray-50">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block size-full">
          <ImageWithFallback
            src={book.thumbnail}
            srcSet={coverSrcSet(book.thumbnail)}
            sizes={COVER_CARD_SIZES}
            alt=""
            // The medium variant's own size (2:3): the browser knows the shape before the file arrives.
            width={300}
            height={450}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.04]"
          />
        </Link>
        <div className="pointer-events-none absolute top-2 left-2 flex flex-col items-start gap-1">
          <DiscountBadge percent={percent} />
          {isNew && <NewBadge />}
        </div>
        <FavouriteButton bookId={book.id} title={book.title} className="absolute top-2 right-2 z-10" />
        {outOfStock && (
          <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-gray-900/75 py-1.5 text-center text-xs font-semibold text-white">Hết hàng</span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-2.5 sm:p-3">
        <h3 className="line-clamp-2 min-h-10 text-sm leading-5 font-medium text-gray-900">
          {/* The link covers the card; its focus ring is drawn around the whole card, inside its rounded border. */}
          <Link
            to={href}
            className="after:absolute after:inset-0 after:rounded-xl after:content-[''] hover:text-brand-700 focus-visible:text-brand-700 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-brand-600 focus-visible:after:ring-inset"
            title={book.title}
          >
            {book.title}
          </Link>
        </h3>
        <p className="truncate text-xs text-gray-500" title={authors}>
          {authors || '\u00a0'}
        </p>
        <Price book={book} showBadge={false} className="mt-auto pt-1" />
        {saleBar ? (
          <SoldBar sold={book.sold} stock={book.stock} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-x-1.5 gap-y-0.5 text-[11px] text-gray-500">
            {book.ratingCount > 0 ? (
              <span className="flex items-center gap-0.5" aria-label={`${formatNumberVN(book.ratingAverage, 1)} trên 5 sao, ${book.ratingCount} đánh giá`}>
                <StarRating value={book.ratingAverage} size={10} />
                <span aria-hidden="true" className="max-sm:hidden">({book.ratingCount})</span>
              </span>
            ) : (
              <StarRating value={0} size={10} />
            )}
            {/* Never 'Đã bán 0': a book nobody bought yet just shows no count. */}
            {book.sold > 0 && <span className="whitespace-nowrap">Đã bán {formatSold(book.sold)}</span>}
          </div>
        )}
      </div>
    </article>
  );
}

/** Flash-sale progress: sold against sold + stock. */
function SoldBar({ sold, stock }: { sold: number; stock: number }) {
  const total = sold + Math.max(0, stock);
  const pct = total > 0 ? Math.max(8, Math.round((sold / total) * 100)) : 100;
  return (
    // White text over both parts of the bar: a dark track and a red fill, each with enough contrast for it.
    <div className="relative mt-1 h-4 overflow-hidden rounded-full bg-brand-900" aria-label={sold > 0 ? `Đã bán ${sold}` : 'Vừa mở bán'}>
      <div className={`h-full rounded-full bg-brand-600 ${widthClass(pct)}`} />
      <span className="absolute inset-0 grid place-items-center text-[10px] font-bold tracking-wide text-white uppercase drop-shadow-[0_1px_1px_rgb(0_0_0/0.35)]">
        {stock <= 0 ? 'Đã bán hết' : sold > 0 ? `Đã bán ${formatSold(sold)}` : 'Vừa mở bán'}
      </span>
    </div>
  );
}

/** Placeholder of a card while loading. */
export function BookCardSkeleton() {
  return (
    <div aria-hidden="true" className="flex animate-pulse flex-col overflow-hidden rounded-xl border border-gray-200 bg-white">
      <Skeleton className="aspect-[2/3] rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-3.5 w-11/12" />
        <Skeleton className="h-3.5 w-2/3" />
        <Skeleton className="h-3 w-1/2" />
        <Skeleton className="h-4 w-2/5 bg-brand-100" />
      </div>
    </div>
  );
}
