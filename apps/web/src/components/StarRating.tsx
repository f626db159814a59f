import { useId, useState, type KeyboardEvent } from 'react';
import { RATING_SCORE_MAX, RATING_SCORE_MIN, RATING_SCORES, clampRatingScore, type RatingScore, formatNumberVN } from '@nhasach/shared';

const STAR_PATH = 'M12 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L12 17.52l-5.88 3.09 1.12-6.55L2.48 9.42l6.58-.96z';

function Star({ fill, size }: { fill: number; size: number }) {
  // fill 0..1: a grey star with a gold copy in an inner viewport as wide as the filled part (it clips what it
  // holds). SVG attributes, not style attributes: the server renders these into pages whose CSP allows no inline style.
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} className="shrink-0" aria-hidden="true">
      <path d={STAR_PATH} fill="currentColor" className="text-gray-300" />
      <svg width={`${Math.round(fill * 100)}%`} height="100%">
        <path d={STAR_PATH} fill="currentColor" className="text-amber-400" />
      </svg>
    </svg>
  );
}

/** Five stars side by side, `step` viewBox units apart, as one path (a card shows one of these, not five SVGs). */
const rowPaths = new Map<number, string>();
function starRowPath(step: number): string {
  let d = rowPaths.get(step);
  if (!d) {
    d = RATING_SCORES.map((_, i) => {
      const x = (n: number) => +(n + i * step).toFixed(2);
      return `M${x(12)} 2.5l2.94 5.96 6.58.96-4.76 4.64 1.12 6.55L${x(12)} 17.52l-5.88 3.09 1.12-6.55L${x(2.48)} 9.42l6.58-.96z`;
    }).join('');
    rowPaths.set(step, d);
  }
  return d;
}

/**
 * Read-only stars for an average (e.g. 4.3 of 5), with a spoken label: one SVG with a grey row of stars and a gold
 * copy in an inner viewport as wide as the filled part (it clips what it holds). SVG attributes, not style
 * attributes: the server renders these into pages whose CSP allows no inline style.
 */
export function StarRating({ value, size = 14, className = '' }: { value: number; size?: number; className?: string }) {
  const v = Math.max(0, Math.min(5, value || 0));
  const gapPx = size <= 12 ? 1 : 2;
  const step = 24 + (gapPx * 24) / size;
  const width = 4 * step + 24;
  const whole = Math.floor(v);
  const filled = whole >= 5 ? width : whole * step + (v - whole) * 24;
  const d = starRowPath(step);
  return (
    <svg
      role="img"
      aria-label={`${formatNumberVN(v, 1)} trên 5 sao`}
      viewBox={`0 0 ${+width.toFixed(2)} 24`}
      width={size * 5 + gapPx * 4}
      height={size}
      className={`inline-block shrink-0 ${className}`}
    >
      <path d={d} fill="currentColor" className="text-gray-300" />
      <svg width={`${+((filled / width) * 100).toFixed(2)}%`} height="100%">
        <path d={d} fill="currentColor" className="text-amber-400" />
      </svg>
    </svg>
  );
}

export const SCORE_LABELS: Record<RatingScore, string> = {
  1: 'Rất tệ',
  2: 'Tệ',
  3: 'Bình thường',
  4: 'Hay',
  5: 'Tuyệt vời',
};

/**
 * Star input as a radio group (arrow keys move, clamped to 1..5 as the spec says). Hovering previews.
 */
export function StarInput({ value, onChange, label = 'Số sao', size = 30 }: { value: number; onChange: (score: RatingScore) => void; label?: string; size?: number }) {
  const [hover, setHover] = useState<number | null>(null);
  const labelId = useId();
  const current = clampRatingScore(value);
  const shown = hover ?? current;
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') {
      e.preventDefault();
      onChange(clampRatingScore(current + 1));
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') {
      e.preventDefault();
      onChange(clampRatingScore(current - 1));
    } else if (e.key === 'Home') {
      e.preventDefault();
      onChange(RATING_SCORE_MIN);
    } else if (e.key === 'End') {
      e.preventDefault();
      onChange(RATING_SCORE_MAX);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <span id={labelId} className="sr-only">
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={labelId} className="flex items-center gap-1" onMouseLeave={() => setHover(null)} onKeyDown={onKey}>
        {RATING_SCORES.map((s) => (
          <button
            key={s}
            type="button"
            role="radio"
            aria-checked={current === s}
            aria-label={`${s} sao - ${SCORE_LABELS[s]}`}
            tabIndex={current === s ? 0 : -1}
            onClick={() => onChange(s)}
            onMouseEnter={() => setHover(s)}
            className="rounded-md p-0.5 transition-transform hover:scale-110 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            <Star size={size} fill={s <= shown ? 1 : 0} />
          </button>
        ))}
      </div>
      <span className="text-sm font-semibold text-amber-700" aria-hidden="true">
        {SCORE_LABELS[clampRatingScore(shown)]}
      </span>
    </div>
  );
}
