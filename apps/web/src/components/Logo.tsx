import { Link } from 'react-router';

/** The store mark: an open book on a red tile. */
export function LogoMark({ className = 'size-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 40 40" className={className} aria-hidden="true" focusable="false">
      <rect width="40" height="40" rx="10" fill="#b91c1c" />
      <path d="M8 12.5c4.2-.9 8 .1 11 2.6v14.4c-3-2.3-6.8-3.2-11-2.4z" fill="#fff" />
      <path d="M32 12.5c-4.2-.9-8 .1-11 2.6v14.4c3-2.3 6.8-3.2 11-2.4z" fill="#fee2e2" />
      <path d="M26 9.5v7l2-1.4 2 1.4v-7.4" fill="#fbbf24" />
    </svg>
  );
}

/** Logo with the wordmark, linking home. */
export function Logo({ tone = 'dark', compact = false }: { tone?: 'dark' | 'light'; compact?: boolean }) {
  return (
    <Link
      to="/"
      // The name starts with the words shown (WCAG 2.5.3), then says where the link goes.
      aria-label={compact ? 'Nhà Sách - Trang chủ' : 'Nhà Sách - Tri thức trong tầm tay - Trang chủ'}
      className="flex shrink-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
    >
      <LogoMark className={compact ? 'size-8' : 'size-10'} />
      <span className="leading-none">
        {/* One line whatever the width: a phone header of 360 px must never break 'Nhà Sách' in two. */}
        <span className={`block font-extrabold tracking-tight whitespace-nowrap ${compact ? 'text-lg' : 'text-[22px]'} ${tone === 'light' ? 'text-white' : 'text-brand-700'}`}>
          Nhà Sách
        </span>{' '}
        {!compact && (
          <span className={`mt-1 block text-[11px] font-medium tracking-wide whitespace-nowrap ${tone === 'light' ? 'text-brand-100' : 'text-gray-500'}`}>
            Tri thức trong tầm tay
          </span>
        )}
      </span>
    </Link>
  );
}
