import type { ReactNode } from 'react';

/** White card with a heading, the body of every account screen. */
export function AccountSection({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-gray-200 bg-white shadow-sm" aria-labelledby="account-section-title">
      <header className="border-b border-gray-100 px-5 py-5 sm:px-7">
        <h1 id="account-section-title" className="text-xl font-bold text-gray-900">
          {title}
        </h1>
        {subtitle && <p className="mt-1 text-sm text-gray-500">{subtitle}</p>}
      </header>
      <div className="px-5 py-6 sm:px-7">{children}</div>
    </section>
  );
}
