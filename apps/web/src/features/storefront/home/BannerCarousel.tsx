import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { BANNER_DESIGN, BANNER_SIZES, HOME_BANNERS, bannerSrc, bannerSrcSet, type Banner } from '@nhasach/shared';
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react';

/** Spec section 9: 3 images, 3000 ms. */
export const CAROUSEL_INTERVAL_MS = 3000;

/**
 * Auto-rotating banners (spec section 2, Home): every 3000 ms, arrows, dots, left/right keys, pauses while the
 * pointer is over it or focus is inside it (and with the pause button). WAI-ARIA carousel pattern.
 */
export function BannerCarousel({ banners = HOME_BANNERS, intervalMs = CAROUSEL_INTERVAL_MS }: { banners?: readonly Banner[]; intervalMs?: number }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const rootRef = useRef<HTMLElement>(null);
  const touchX = useRef<number | null>(null);
  const count = banners.length;
  const paused = hovered || focused || stopped;

  const go = useCallback((i: number) => setIndex(((i % count) + count) % count), [count]);

  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => window.clearTimeout(timer);
  }, [paused, count, intervalMs, index]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowLeft') {
      e.preventDefault();
      go(index - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      go(index + 1);
    }
  };

  const arrow =
    'absolute top-1/2 z-10 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/85 text-gray-800 shadow-md transition hover:bg-white focus-visible:outline-2 focus-visible:outline-white max-sm:hidden sm:opacity-0 sm:group-hover:opacity-100 sm:focus-visible:opacity-100';

  return (
    <section
      ref={rootRef}
      aria-roledescription="carousel"
      aria-label="Khuyến mãi nổi bật"
      tabIndex={0}
      onKeyDown={onKeyDown}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        // Swipe on phones, where the arrows are hidden.
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < 40) return;
        go(end < start ? index + 1 : index - 1);
      }}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(e) => {
        if (!rootRef.current?.contains(e.relatedTarget as Node | null)) setFocused(false);
      }}
      data-paused={paused ? 'true' : 'false'}
      className="group relative overflow-hidden rounded-2xl bg-gray-200 shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
    >
      <div
        aria-live={paused ? 'polite' : 'off'}
        className="flex transition-transform duration-500 ease-out"
        // No style attribute on the first banner: the server renders it, and the CSP allows no inline style.
        style={index > 0 ? { transform: `translateX(-${index * 100}%)` } : undefined}
      >
        {banners.map((b, i) => (
          <div
            key={b.name}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}`}
            aria-hidden={i !== index}
            inert={i !== index}
            className="w-full shrink-0"
          >
            <a href={b.href} className="block aspect-[2/1] sm:aspect-[3/1]">
              <img
                src={bannerSrc(b.name)}
                srcSet={bannerSrcSet(b.name)}
                sizes={BANNER_SIZES}
                alt={b.alt}
                width={BANNER_DESIGN.width}
                height={BANNER_DESIGN.height}
                className="size-full object-cover object-left sm:object-center"
                loading={i === 0 ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'auto'}
                draggable={false}
              />
            </a>
          </div>
        ))}
      </div>

      <button type="button" className={`${arrow} left-3`} aria-label="Banner trước" onClick={() => go(index - 1)}>
        <ChevronLeftIcon size={20} />
      </button>
      <button type="button" className={`${arrow} right-3`} aria-label="Banner tiếp theo" onClick={() => go(index + 1)}>
        <ChevronRightIcon size={20} />
      </button>

      <div className="absolute inset-x-0 bottom-1.5 z-10 flex items-center justify-center sm:bottom-3">
        {/* Each dot sits in a 24 px target (WCAG 2.5.8). */}
        {banners.map((b, i) => (
          <button
            key={b.name}
            type="button"
            aria-label={`Xem banner ${i + 1}`}
            aria-current={i === index ? 'true' : undefined}
            onClick={() => go(i)}
            className="group grid h-6 min-w-6 place-items-center rounded-full px-1 focus-visible:outline-2 focus-visible:outline-white"
          >
            <span
              aria-hidden="true"
              className={`block h-2 rounded-full transition-all ${i === index ? 'w-7 bg-white' : 'w-2 bg-white/55 group-hover:bg-white/80'}`}
            />
          </button>
        ))}
        <button
          type="button"
          onClick={() => setStopped((s) => !s)}
          aria-label={stopped ? 'Tiếp tục chạy banner' : 'Tạm dừng banner'}
          className="ml-1 grid size-6 place-items-center rounded-full bg-black/25 text-white hover:bg-black/40 focus-visible:outline-2 focus-visible:outline-white max-sm:hidden"
        >
          {stopped ? (
            <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
              <path d="M2 1l7 4-7 4z" fill="currentColor" />
            </svg>
          ) : (
            <svg width="10" height="10" viewBox="0 0 10 10" aria-hidden="true">
              <path d="M2 1h2v8H2zM6 1h2v8H6z" fill="currentColor" />
            </svg>
          )}
        </button>
      </div>
    </section>
  );
}
