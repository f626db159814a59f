import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { BookOpenIcon } from 'lucide-react';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';
import { buttonClass } from './ui/Button.tsx';

export interface PlaceholderPageProps {
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** Small facts about the current route (slug, code...), shown as chips. */
  details?: { label: string; value: string }[];
  /** Whether to wrap in the page container (false inside admin/sale/account layouts). */
  contained?: boolean;
}

/** A tidy "coming soon" card for screens another feature will fill in. */
export function PlaceholderPage({ title, description, icon, details = [], contained = true }: PlaceholderPageProps) {
  useDocumentTitle(title);
  const card = (
    <section className="rounded-2xl border border-gray-200 bg-white px-6 py-14 text-center shadow-sm sm:px-10">
      <div className="mx-auto grid size-16 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        {icon ?? <BookOpenIcon size={30} />}
      </div>
      <h1 className="mt-5 text-2xl font-bold text-gray-900">{title}</h1>
      <p className="mx-auto mt-2 max-w-md text-sm leading-relaxed text-gray-600">
        {description ?? 'Trang này đang được hoàn thiện. Bạn vui lòng quay lại sau nhé!'}
      </p>
      {details.length > 0 && (
        <dl className="mt-5 flex flex-wrap justify-center gap-2 text-sm">
          {details.map((d) => (
            <div key={d.label} className="flex gap-1 rounded-full bg-gray-100 px-3 py-1">
              <dt className="text-gray-500">{d.label}:</dt>
              <dd className="font-medium text-gray-800">{d.value}</dd>
            </div>
          ))}
        </dl>
      )}
      <Link to="/" className={buttonClass('primary', 'md', 'mt-7')}>
        Về trang chủ
      </Link>
    </section>
  );
  return contained ? <div className="page-container py-8 sm:py-10">{card}</div> : card;
}
