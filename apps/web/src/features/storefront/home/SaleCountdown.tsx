import { useEffect, useState } from 'react';

const pad = (n: number) => String(n).padStart(2, '0');

/** 'Kết thúc sau' hh:mm:ss (with days when more than one) until `endAt`; nothing once it has passed. */
export function SaleCountdown({ endAt }: { endAt: string }) {
  const end = Date.parse(endAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  const left = Math.max(0, Math.floor((end - now) / 1000));
  if (!Number.isFinite(end) || left <= 0) return null;
  const days = Math.floor(left / 86400);
  const parts = [Math.floor((left % 86400) / 3600), Math.floor((left % 3600) / 60), left % 60];
  const box = 'grid h-7 min-w-7 place-items-center rounded-md bg-gray-900 px-1 text-sm font-bold text-white tabular-nums';
  return (
    // The server's render is a moment older than the browser's hydration of it: the seconds may differ.
    <div className="flex items-center gap-1.5 text-sm text-white" suppressHydrationWarning role="timer" aria-label={`Kết thúc sau ${days > 0 ? `${days} ngày ` : ''}${parts.map(pad).join(':')}`}>
      <span className="mr-1 font-medium max-sm:hidden">Kết thúc sau</span>
      {days > 0 && (
        <>
          <span className={box} suppressHydrationWarning>
            {days}
          </span>
          <span className="text-xs font-semibold">ngày</span>
        </>
      )}
      {parts.map((p, i) => (
        <span key={i} className="flex items-center gap-1.5">
          {i > 0 && <span className="font-bold">:</span>}
          <span className={box} suppressHydrationWarning>
            {pad(p)}
          </span>
        </span>
      ))}
    </div>
  );
}
