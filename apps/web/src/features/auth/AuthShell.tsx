import type { ReactNode } from 'react';
import { STORE_PROMISES } from '../../app/layout/Footer.tsx';
import { LogoMark } from '../../components/Logo.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';

export interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  /** A small icon above the title. */
  icon?: ReactNode;
  children: ReactNode;
  /** Under the card, e.g. a link to the other auth page. */
  footer?: ReactNode;
  /** Headline of the brand panel. */
  tagline?: string;
}

/** Two-panel card of the auth screens: brand artwork on the left (desktop), the form on the right. */
export function AuthShell({ title, subtitle, icon, children, footer, tagline = 'Mở sách là mở ra cả thế giới.' }: AuthShellProps) {
  useDocumentTitle(title);
  return (
    <div className="page-container py-6 sm:py-12">
      <div className="mx-auto grid max-w-[980px] overflow-hidden rounded-3xl border border-gray-200 bg-white shadow-xl shadow-gray-900/5 lg:grid-cols-[1fr_1.1fr]">
        <aside className="auth-art relative hidden flex-col justify-between gap-10 p-10 text-white lg:flex" aria-hidden="true">
          <div className="flex items-center gap-3">
            <LogoMark className="size-11 rounded-xl ring-2 ring-white/30" />
            <span>
              <span className="block text-xl font-bold">Nhà Sách</span>
              <span className="block text-xs text-brand-100">Tri thức trong tầm tay</span>
            </span>
          </div>
          <div>
            <p className="text-[28px] leading-snug font-bold">{tagline}</p>
            <p className="mt-3 text-sm leading-relaxed text-brand-100">
              Tham gia cùng hàng nghìn bạn đọc: lưu sách yêu thích, theo dõi đơn hàng và nhận ưu đãi dành riêng cho thành viên.
            </p>
          </div>
          <ul className="space-y-3">
            {STORE_PROMISES.map(({ icon: Icon, title: t, text }) => (
              <li key={t} className="flex items-center gap-3">
                <span className="grid size-10 place-items-center rounded-xl bg-white/15">
                  <Icon size={20} />
                </span>
                <span className="text-sm">
                  <span className="block font-semibold">{t}</span>
                  <span className="block text-brand-100">{text}</span>
                </span>
              </li>
            ))}
          </ul>
        </aside>
        <section className="px-5 py-8 sm:px-10 sm:py-10">
          {icon && <div className="mb-4 grid size-12 place-items-center rounded-2xl bg-brand-50 text-brand-700">{icon}</div>}
          <h1 className="text-2xl font-bold text-gray-900 sm:text-[26px]">{title}</h1>
          {subtitle && <div className="mt-2 text-sm leading-relaxed text-gray-600">{subtitle}</div>}
          <div className="mt-7">{children}</div>
          {footer && <div className="mt-7 border-t border-gray-100 pt-5 text-center text-sm text-gray-600">{footer}</div>}
        </section>
      </div>
    </div>
  );
}
