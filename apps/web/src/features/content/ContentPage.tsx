import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { CONTENT_PAGES, contentPagePath, formatDateVN, isContentPageSlug } from '@nhasach/shared';
import { ApiError } from '../../api/client.ts';
import { contentPageQueryOptions } from './api/get-content-page.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { RichContent } from '../../components/RichContent.tsx';
import { ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { NotFoundPage } from '../../app/NotFoundPage.tsx';

/** /trang/{slug}: an information page (ordering guide, payment, FAQ, shipping, returns, privacy, terms). */
export function ContentPage() {
  const { slug = '' } = useParams();
  const known = isContentPageSlug(slug);
  const page = useQuery({ ...contentPageQueryOptions(slug), enabled: known });
  const fallbackTitle = CONTENT_PAGES.find((p) => p.slug === slug)?.title;
  if (!known || (page.error instanceof ApiError && page.error.status === 404)) return <NotFoundPage />;

  return (
    <div className="page-container py-4 sm:py-6">
      <Breadcrumb items={[{ label: page.data?.title ?? fallbackTitle ?? '' }]} />
      <div className="mt-4 grid gap-6 lg:grid-cols-[240px_minmax(0,1fr)]">
        <nav aria-label="Thông tin cửa hàng" className="order-2 lg:order-1">
          <ul className="space-y-1 rounded-2xl bg-white p-3 text-sm shadow-sm ring-1 ring-gray-200/70">
            {CONTENT_PAGES.map((p) => (
              <li key={p.slug}>
                <Link
                  to={contentPagePath(p.slug)}
                  aria-current={p.slug === slug ? 'page' : undefined}
                  className={`block rounded-lg px-3 py-2 focus-visible:outline-2 focus-visible:outline-brand-600 ${
                    p.slug === slug ? 'bg-brand-50 font-semibold text-brand-800' : 'text-gray-700 hover:bg-gray-50 hover:text-brand-700'
                  }`}
                >
                  {p.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/lien-he" className="block rounded-lg px-3 py-2 text-gray-700 hover:bg-gray-50 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600">
                Liên hệ
              </Link>
            </li>
          </ul>
        </nav>
        <article className="order-1 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200/70 sm:p-8 lg:order-2">
          {page.isPending ? (
            <div aria-busy="true" aria-label="Đang tải trang">
              <Skeleton className="h-8 w-2/3" />
              <Skeleton className="mt-6 h-4 w-full" />
              <Skeleton className="mt-3 h-4 w-11/12" />
              <Skeleton className="mt-3 h-4 w-4/5" />
            </div>
          ) : page.isError ? (
            <ErrorState message="Không tải được trang" onRetry={() => void page.refetch()} retrying={page.isFetching} compact />
          ) : (
            <>
              <h1 className="text-2xl font-extrabold text-gray-900 sm:text-3xl">{page.data.title}</h1>
              <p className="mt-1 text-xs text-gray-500">Cập nhật ngày {formatDateVN(page.data.updatedAt)}</p>
              <RichContent html={page.data.html} className="mt-5 max-w-3xl" />
            </>
          )}
        </article>
      </div>
    </div>
  );
}
