import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

export interface HeaderActionItem {
  href: string;
  label: string;
  ariaLabel?: string;
  icon?: ReactNode;
  /** Small count bubble on the icon (already formatted; empty hides it). */
  badge?: string;
}

/** http, https, protocol-relative, mailto, tel and in-page anchors are plain links; the rest navigate in-app. */
export const isExternalHref = (href: string) => /^(https?:|\/\/|mailto:|tel:|#)/i.test(href);

export function isActiveHref(pathname: string, href: string): boolean {
  if (isExternalHref(href)) return false;
  const path = href.split(/[?#]/)[0] ?? href;
  if (path === '/') return pathname === '/';
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * Pill navigation of the header (spec section 2): marks the current page with aria-current="page".
 * `variant="list"` renders the same items as a vertical list (mobile menu).
 */
export function HeaderActionNav({
  items,
  label = 'Điều hướng nhanh',
  variant = 'pills',
  onNavigate,
}: {
  items: HeaderActionItem[];
  label?: string;
  variant?: 'pills' | 'list';
  onNavigate?: () => void;
}) {
  const { pathname } = useLocation();
  return (
    <nav aria-label={label}>
      <ul className={variant === 'pills' ? 'flex items-center gap-1' : 'flex flex-col gap-1'}>
        {items.map((item) => {
          const active = isActiveHref(pathname, item.href);
          const className =
            variant === 'pills'
              ? `group relative inline-flex h-11 flex-row-reverse items-center gap-2 rounded-full px-3.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
                  active ? 'bg-brand-50 text-brand-700' : 'text-gray-700 hover:bg-gray-100 hover:text-brand-700'
                }`
              : `flex h-12 flex-row-reverse items-center justify-end gap-3 rounded-xl px-3 text-[15px] font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600 ${
                  active ? 'bg-brand-50 text-brand-700' : 'text-gray-800 hover:bg-gray-100'
                }`;
          // The label comes first in the text and shows after the icon: the link's text reads 'Giỏ hàng 2', which its
          // name 'Giỏ hàng, 2 sản phẩm' contains (WCAG 2.5.3).
          const content = (
            <>
              <span className={variant === 'pills' && item.icon ? 'max-xl:sr-only' : ''}>{item.label}</span>{' '}
              {item.icon && (
                <span className="relative inline-flex">
                  {item.icon}
                  {item.badge && (
                    <span
                      aria-hidden="true"
                      className="absolute -top-2 -right-2.5 min-w-[18px] rounded-full bg-brand-700 px-1 text-center text-[10px] leading-[18px] font-bold text-white ring-2 ring-white"
                    >
                      {item.badge}
                    </span>
                  )}
                </span>
              )}
            </>
          );
          return (
            <li key={item.href}>
              {isExternalHref(item.href) ? (
                <a href={item.href} aria-label={item.ariaLabel} className={className} onClick={onNavigate}>
                  {content}
                </a>
              ) : (
                <Link
                  to={item.href}
                  aria-label={item.ariaLabel}
                  aria-current={active ? 'page' : undefined}
                  className={className}
                  onClick={onNavigate}
                >
                  {content}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
