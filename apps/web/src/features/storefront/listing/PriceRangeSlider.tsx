import { useEffect, useId, useRef, useState } from 'react';
import { PRICE_FILTER_MAX, PRICE_FILTER_MIN, PRICE_FILTER_STEP, formatVnd } from '@nhasach/shared';

/** Quick ranges next to the slider (in dong; undefined = no bound). */
const PRESETS: { label: string; min?: number; max?: number }[] = [
  { label: 'Dưới 100.000₫', max: 100_000 },
  { label: '100.000₫ - 200.000₫', min: 100_000, max: 200_000 },
  { label: '200.000₫ - 500.000₫', min: 200_000, max: 500_000 },
  { label: 'Trên 500.000₫', min: 500_000 },
];

const COMMIT_DELAY_MS = 500;

const thumb =
  'pointer-events-none absolute inset-x-0 top-1/2 h-0 w-full -translate-y-1/2 appearance-none bg-transparent outline-none ' +
  '[&::-webkit-slider-thumb]:pointer-events-auto [&::-webkit-slider-thumb]:size-5 [&::-webkit-slider-thumb]:cursor-grab [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-full [&::-webkit-slider-thumb]:border-2 [&::-webkit-slider-thumb]:border-brand-700 [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow ' +
  '[&::-moz-range-thumb]:pointer-events-auto [&::-moz-range-thumb]:size-5 [&::-moz-range-thumb]:cursor-grab [&::-moz-range-thumb]:rounded-full [&::-moz-range-thumb]:border-2 [&::-moz-range-thumb]:border-brand-700 [&::-moz-range-thumb]:bg-white ' +
  'focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-brand-200';

/**
 * Two-thumb price range 0 to 2.000.000 ₫, step 1.000 (spec section 5). The extreme ends mean no bound, so
 * `onCommit` gets undefined there. Changes are committed a moment after the last move (keyboard or pointer).
 */
export function PriceRangeSlider({ min, max, onCommit }: { min?: number; max?: number; onCommit: (min?: number, max?: number) => void }) {
  const [lo, setLo] = useState(min ?? PRICE_FILTER_MIN);
  const [hi, setHi] = useState(max ?? PRICE_FILTER_MAX);
  const dirty = useRef(false);
  const id = useId();
  useEffect(() => {
    dirty.current = false;
    setLo(min ?? PRICE_FILTER_MIN);
    setHi(max ?? PRICE_FILTER_MAX);
  }, [min, max]);

  useEffect(() => {
    if (!dirty.current) return;
    const timer = window.setTimeout(() => {
      dirty.current = false;
      onCommit(lo > PRICE_FILTER_MIN ? lo : undefined, hi < PRICE_FILTER_MAX ? hi : undefined);
    }, COMMIT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [lo, hi, onCommit]);

  const span = PRICE_FILTER_MAX - PRICE_FILTER_MIN;
  const left = ((lo - PRICE_FILTER_MIN) / span) * 100;
  const right = ((hi - PRICE_FILTER_MIN) / span) * 100;
  const label = (v: number, end: 'min' | 'max') =>
    (end === 'min' && v <= PRICE_FILTER_MIN) || (end === 'max' && v >= PRICE_FILTER_MAX) ? (end === 'min' ? '0 ₫' : 'Không giới hạn') : formatVnd(v);

  return (
    <div>
      <div className="flex items-center justify-between gap-2 text-xs font-semibold text-gray-700">
        <output htmlFor={`${id}-lo`} className="rounded-md bg-gray-100 px-2 py-1">
          {label(lo, 'min')}
        </output>
        <span aria-hidden="true" className="text-gray-500">
          –
        </span>
        <output htmlFor={`${id}-hi`} className="rounded-md bg-gray-100 px-2 py-1">
          {label(hi, 'max')}
        </output>
      </div>
      <div className="relative mx-2.5 mt-4 mb-2 h-5">
        <div className="absolute inset-x-0 top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-gray-200" />
        {/* The chosen range as SVG attributes (no style attribute: the server renders this page under a strict CSP). */}
        <svg className="absolute inset-x-0 top-1/2 h-1.5 w-full -translate-y-1/2 overflow-visible" aria-hidden="true">
          <rect x={`${left}%`} width={`${Math.max(0, right - left)}%`} height="100%" rx="3" className="fill-brand-600" />
        </svg>
        <input
          id={`${id}-lo`}
          type="range"
          aria-label="Giá tối thiểu"
          aria-valuetext={label(lo, 'min')}
          min={PRICE_FILTER_MIN}
          max={PRICE_FILTER_MAX}
          step={PRICE_FILTER_STEP}
          value={lo}
          onChange={(e) => {
            dirty.current = true;
            setLo(Math.min(Number(e.target.value), hi));
          }}
          className={`${thumb} ${lo > PRICE_FILTER_MAX - span * 0.05 ? 'z-20' : 'z-10'}`}
        />
        <input
          id={`${id}-hi`}
          type="range"
          aria-label="Giá tối đa"
          aria-valuetext={label(hi, 'max')}
          min={PRICE_FILTER_MIN}
          max={PRICE_FILTER_MAX}
          step={PRICE_FILTER_STEP}
          value={hi}
          onChange={(e) => {
            dirty.current = true;
            setHi(Math.max(Number(e.target.value), lo));
          }}
          className={`${thumb} z-10`}
        />
      </div>
      <ul className="mt-3 flex flex-wrap gap-1.5">
        {PRESETS.map((p) => {
          const active = (p.min ?? PRICE_FILTER_MIN) === lo && (p.max ?? PRICE_FILTER_MAX) === hi;
          return (
            <li key={p.label}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => {
                  dirty.current = false;
                  setLo(p.min ?? PRICE_FILTER_MIN);
                  setHi(p.max ?? PRICE_FILTER_MAX);
                  onCommit(p.min, p.max);
                }}
                className={`rounded-full border px-2.5 py-1 text-xs font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  active ? 'border-brand-600 bg-brand-50 text-brand-700' : 'border-gray-200 text-gray-600 hover:border-brand-300 hover:text-brand-700'
                }`}
              >
                {p.label}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
