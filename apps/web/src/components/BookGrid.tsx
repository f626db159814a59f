import type { BookCardDto } from '@nhasach/shared';
import { BookCard, BookCardSkeleton } from './BookCard.tsx';

/** Column classes: 2 on phones, more on wider screens. */
export const GRID_COLS = {
  wide: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5 xl:grid-cols-6',
  five: 'grid-cols-2 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5',
  withSidebar: 'grid-cols-2 sm:grid-cols-3 xl:grid-cols-4',
} as const;

export function BookGrid({ books, cols = GRID_COLS.wide, eagerCount = 0, className = '', label }: { books: BookCardDto[]; cols?: string; eagerCount?: number; className?: string; label?: string }) {
  return (
    <ul aria-label={label} className={`grid gap-3 sm:gap-4 ${cols} ${className}`}>
      {books.map((b, i) => (
        <li key={b.id}>
          <BookCard book={b} eager={i < eagerCount} />
        </li>
      ))}
    </ul>
  );
}

export function BookGridSkeleton({ count, cols = GRID_COLS.wide, className = '' }: { count: number; cols?: string; className?: string }) {
  return (
    <div role="status" aria-label="Đang tải sách" className={`grid animate-pulse gap-3 sm:gap-4 ${cols} ${className}`}>
      {Array.from({ length: count }, (_, i) => (
        <BookCardSkeleton key={i} />
      ))}
      <span className="sr-only">Đang tải…</span>
    </div>
  );
}
