import { useCallback, useEffect, useRef, useState } from 'react';
import type { BookCardDto } from '@nhasach/shared';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { BookCard } from '../../../components/BookCard.tsx';
import { Skeleton } from '../../../components/ui/EmptyState.tsx';

const ITEM = 'w-[46%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-[18.4%] xl:w-[15.3%]';

/**
 * A horizontal shelf of cards: swipe on phones, arrow buttons on wider screens. `eagerCount` covers load at
 * once (the row on the first screen); the others wait until they come near it.
 */
export function BookRow({ books, label, saleBar = false, eagerCount = 0 }: { books: BookCardDto[]; label: string; saleBar?: boolean; eagerCount?: number }) {
  const listRef = useRef<HTMLUListElement>(null);
  // Which arrows make sense: none at the start for 'left', none at the end for 'right'.
  const [edges, setEdges] = useState({ start: true, end: false });
  const measure = useCallback(() => {
    const el = listRef.current;
    if (!el) return;
    setEdges({ start: el.scrollLeft <= 4, end: el.scrollLeft + el.clientWidth >= el.scrollWidth - 4 });
  }, []);
  useEffect(() => {
    // The observer's first call comes once the row is laid out: measuring here, while the page starts, would make
    // the browser lay the whole page out in the middle of the app's start.
    const el = listRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    return () => ro.disconnect();
  }, [measure, books.length]);
  const scroll = (dir: -1 | 1) => {
    const el = listRef.current;
    if (el) el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' });
  };
  const arrow =
    'absolute top-[38%] z-20 hidden size-10 -translate-y-1/2 place-items-center rounded-full border border-gray-200 bg-white text-gray-700 shadow-md transition hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600 md:grid';
  return (
    <div className="relative">
      {/* scroll-px-1 puts the first card's snap position at 0, the row's start: a row that snapped to it at load
          would count as a scroll, and the browser stops recording the page's largest paint at the first scroll. */}
      <ul ref={listRef} onScroll={measure} aria-label={label} className="-mx-1 flex snap-x snap-mandatory scroll-px-1 gap-3 overflow-x-auto scroll-smooth px-1 pt-1 pb-3 [scrollbar-width:thin] sm:gap-4">
        {books.map((b, i) => (
          <li key={b.id} className={ITEM}>
            <BookCard book={b} saleBar={saleBar} eager={i < eagerCount} />
          </li>
        ))}
      </ul>
      {!edges.start && (
        <button type="button" aria-label={`Cuộn ${label} sang trái`} onClick={() => scroll(-1)} className={`${arrow} -left-4`}>
          <ChevronLeftIcon size={20} />
        </button>
      )}
      {!edges.end && (
        <button type="button" aria-label={`Cuộn ${label} sang phải`} onClick={() => scroll(1)} className={`${arrow} -right-4`}>
          <ChevronRightIcon size={20} />
        </button>
      )}
    </div>
  );
}

/** A row's placeholder, as tall as the row: a cover and a text block per card (the home page has ten of them). */
export function BookRowSkeleton({ count = 6 }: { count?: number }) {
  return (
    <div role="status" aria-label="Đang tải sách" className="flex animate-pulse gap-3 overflow-hidden pt-1 pb-3 sm:gap-4">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} aria-hidden="true" className={`${ITEM} overflow-hidden rounded-xl border border-gray-200 bg-white`}>
          <Skeleton className="aspect-[2/3] rounded-none" />
          <div className="h-[148px] sm:h-[134px]" />
        </div>
      ))}
    </div>
  );
}
