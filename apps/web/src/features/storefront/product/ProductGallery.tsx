import { useState, type KeyboardEvent } from 'react';
import type { BookDto } from '@nhasach/shared';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';
import { ImageWithFallback } from '../../../components/ImageWithFallback.tsx';
import { GALLERY_SIZES, shotsOf } from './gallery.ts';

/** Main image and thumbnails (spec section 2, Product detail); left/right keys and arrows change the picture. */
export function ProductGallery({ book }: { book: BookDto }) {
  const shots = shotsOf(book);
  const [index, setIndex] = useState(0);
  const current = shots[Math.min(index, shots.length - 1)];
  const go = (i: number) => shots.length && setIndex(((i % shots.length) + shots.length) % shots.length);
  const onKeyDown = (e: KeyboardEvent) => {
    if (shots.length < 2) return;
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    }
  };
  const arrow =
    'absolute top-1/2 grid size-9 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-gray-700 shadow ring-1 ring-gray-200 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600';
  return (
    <div role="region" aria-roledescription="thư viện ảnh" aria-label={`Ảnh sách ${book.title}`} onKeyDown={onKeyDown} className="space-y-3">
      <div className="relative overflow-hidden rounded-2xl bg-gradient-to-b from-gray-50 to-gray-100 p-4 ring-1 ring-gray-200/70 sm:p-6">
        <div className="mx-auto aspect-[2/3] w-full max-w-[340px]">
          <ImageWithFallback
            key={current?.key ?? 'none'}
            src={current?.main}
            srcSet={current?.srcSet}
            sizes={GALLERY_SIZES}
            alt={shots.length > 1 ? `${book.title} - ảnh ${index + 1}/${shots.length}` : book.title}
            className="size-full rounded-md object-cover shadow-xl shadow-gray-900/15"
            placeholderClassName="size-full rounded-md"
          />
        </div>
        {shots.length > 1 && (
          <>
            <button type="button" aria-label="Ảnh trước" onClick={() => go(index - 1)} className={`${arrow} left-3`}>
              <ChevronLeftIcon size={18} />
            </button>
            <button type="button" aria-label="Ảnh tiếp theo" onClick={() => go(index + 1)} className={`${arrow} right-3`}>
              <ChevronRightIcon size={18} />
            </button>
          </>
        )}
      </div>
      {shots.length > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Chọn ảnh">
          {shots.map((s, i) => (
            <li key={s.key} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Xem ảnh ${i + 1}`}
                aria-current={i === index ? 'true' : undefined}
                className={`block h-20 w-14 overflow-hidden rounded-lg ring-2 transition focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  i === index ? 'ring-brand-600' : 'opacity-75 ring-transparent hover:opacity-100 hover:ring-gray-300'
                }`}
              >
                <ImageWithFallback src={s.thumb} alt="" className="size-full object-cover" placeholderClassName="size-full [&_svg]:hidden [&_span]:text-[8px]" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
