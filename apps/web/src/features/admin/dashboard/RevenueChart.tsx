import { useId, useState } from 'react';
import { formatVnd, formatNumberVN } from '@nhasach/shared';

export interface RevenuePoint {
  /** yyyy-mm-dd (Vietnam day). */
  date: string;
  revenue: number;
  orders: number;
}

/**
 * Axis labels in the units Vietnamese shops read: 1.250.000 -> '1,3 tr ₫', 45.000 -> '45 nghìn ₫', 2.000.000.000 ->
 * '2 tỷ ₫', 0 -> '0 ₫' (never the English 'N' or 'K'). For axis labels only; tooltips show the exact amount.
 */
export function compactVnd(n: number): string {
  const fmt = (v: number) => formatNumberVN(v, 1);
  if (n >= 1_000_000_000) return `${fmt(n / 1_000_000_000)} tỷ ₫`;
  if (n >= 1_000_000) return `${fmt(n / 1_000_000)} tr ₫`;
  if (n >= 1_000) return `${fmt(n / 1_000)} nghìn ₫`;
  return `${fmt(n)} ₫`;
}

/** A round axis maximum above `max`: 1, 2, 2.5 or 5 times a power of ten. */
function niceMax(max: number): number {
  if (max <= 0) return 100_000;
  const pow = 10 ** Math.floor(Math.log10(max));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * pow >= max) return m * pow;
  return 10 * pow;
}

const dayLabel = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}`;

const W = 720;
const H = 240;
const PAD = { top: 12, right: 8, bottom: 28, left: 76 };

/**
 * Revenue per day as SVG bars (no chart library: 30 bars do not need one). Hovering or focusing a bar shows
 * the day's revenue and orders; a visually hidden table carries the same figures for screen readers.
 */
export function RevenueChart({ points }: { points: RevenuePoint[] }) {
  const [active, setActive] = useState<number | null>(null);
  const captionId = useId();
  const max = niceMax(Math.max(0, ...points.map((p) => p.revenue)));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const slot = innerW / Math.max(1, points.length);
  const barW = Math.max(4, slot * 0.62);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((t) => t * max);
  const activePoint = active === null ? undefined : points[active];
  const empty = points.every((p) => p.revenue === 0);

  return (
    <div className="relative">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full select-none" role="img" aria-labelledby={captionId}>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} className="stroke-gray-200" strokeDasharray={t === 0 ? undefined : '3 4'} />
            <text x={PAD.left - 8} y={y(t)} dy="0.32em" textAnchor="end" className="fill-gray-500 text-[11px]">
              {compactVnd(t)}
            </text>
          </g>
        ))}
        {points.map((p, i) => {
          const x = PAD.left + i * slot + (slot - barW) / 2;
          const h = Math.max(p.revenue > 0 ? 2 : 0, PAD.top + innerH - y(p.revenue));
          const isActive = active === i;
          return (
            <g key={p.date}>
              {/* The whole column reacts to the pointer, so thin or empty days are easy to hover. */}
              <rect
                x={PAD.left + i * slot}
                y={PAD.top}
                width={slot}
                height={innerH}
                className={isActive ? 'fill-brand-50' : 'fill-transparent'}
                onMouseEnter={() => setActive(i)}
                onMouseLeave={() => setActive(null)}
              />
              <rect
                x={x}
                y={PAD.top + innerH - h}
                width={barW}
                height={h}
                rx={Math.min(3, barW / 2)}
                className={`pointer-events-none transition-colors ${isActive ? 'fill-brand-700' : 'fill-brand-500/80'}`}
              />
              {(i % 5 === 0 || i === points.length - 1) && (
                <text x={PAD.left + i * slot + slot / 2} y={H - 8} textAnchor="middle" className="fill-gray-500 text-[11px]">
                  {dayLabel(p.date)}
                </text>
              )}
            </g>
          );
        })}
        {empty && (
          <text x={PAD.left + innerW / 2} y={PAD.top + innerH / 2} textAnchor="middle" className="fill-gray-500 text-[13px]">
            Chưa có doanh thu trong 30 ngày qua
          </text>
        )}
      </svg>
      {activePoint && active !== null && (
        <div
          className="pointer-events-none absolute top-1 z-10 -translate-x-1/2 rounded-lg bg-gray-900 px-3 py-2 text-xs whitespace-nowrap text-white shadow-lg"
          style={{ left: `${((PAD.left + active * slot + slot / 2) / W) * 100}%` }}
        >
          <p className="font-semibold">{dayLabel(activePoint.date)}/{activePoint.date.slice(0, 4)}</p>
          <p className="mt-0.5">{formatVnd(activePoint.revenue)}</p>
          <p className="text-gray-300">{activePoint.orders} đơn</p>
        </div>
      )}
      <table className="sr-only">
        <caption id={captionId}>Doanh thu theo ngày, 30 ngày gần nhất</caption>
        <thead>
          <tr>
            <th scope="col">Ngày</th>
            <th scope="col">Doanh thu</th>
            <th scope="col">Số đơn</th>
          </tr>
        </thead>
        <tbody>
          {points.map((p) => (
            <tr key={p.date}>
              <td>{dayLabel(p.date)}</td>
              <td>{formatVnd(p.revenue)}</td>
              <td>{p.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
