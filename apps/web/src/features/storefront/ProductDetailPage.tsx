import { Suspense, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { SearchXIcon } from 'lucide-react';
import { ApiError } from '../../api/client.ts';
import { bookQueryOptions } from './api/get-book.ts';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { buttonClass } from '../../components/ui/Button.tsx';
import { LoadingBlock } from '../../components/ui/Spinner.tsx';
import { EmptyState, ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { useNearScreen, WhenNear } from '../../components/WhenNear.tsx';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { useViewer } from '../../lib/viewer.ts';
import { reconcileHeart } from '../favourites/api/liked.ts';
import { BookDescription } from './product/BookDescription.tsx';
import { BookDetailsTable } from './product/BookDetailsTable.tsx';
import { BuyBox } from './product/BuyBox.tsx';
import { ProductGallery } from './product/ProductGallery.tsx';

// Below the fold, with their forms and validation: loaded when the shopper comes near them (or opens their tab).
const ReviewsPanel = lazyComponent(async () => (await import('./product/ReviewsPanel.tsx')).ReviewsPanel);
const CommentsPanel = lazyComponent(async () => (await import('./product/CommentsPanel.tsx')).CommentsPanel);
const RelatedBooks = lazyComponent(async () => (await import('./product/RelatedBooks.tsx')).RelatedBooks);

type Tab = 'reviews' | 'comments';
const TABS: { key: Tab; label: string }[] = [
  { key: 'reviews', label: 'Đánh giá' },
  { key: 'comments', label: 'Bình luận' },
];

/** /books/{slug} and /danh-muc/{catSlug}/{slug} (spec section 2, Product detail). */
export function ProductDetailPage() {
  const { slug = '' } = useParams();
  const userKey = useViewer();
  const book = useQuery(bookQueryOptions(slug, userKey));
  const client = useQueryClient();
  const [tab, setTabState] = useState<Tab>('reviews');
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set<Tab>());
  const setTab = (t: Tab) => {
    setTabState(t);
    setVisited((v) => (v.has(t) ? v : new Set([...v, t])));
  };
  const tabsRef = useRef<HTMLElement>(null);
  const [tabsNearRef, tabsNear] = useNearScreen<HTMLElement>('400px');
  const setTabsRef = useCallback(
    (el: HTMLElement | null) => {
      tabsRef.current = el;
      tabsNearRef(el);
    },
    [tabsNearRef],
  );
  // The open tab's panel loads once the tabs come near the screen, and stays (a half-written review is kept).
  useEffect(() => {
    if (tabsNear) setVisited((v) => (v.has(tab) ? v : new Set([...v, tab])));
  }, [tabsNear, tab]);
  const data = book.data;

  // The product answer carries the viewer's heart (it is cached per viewer): the session's hearts take its word.
  useEffect(() => {
    if (data && userKey !== 'guest') reconcileHeart(client, userKey, data.id, data.likedByMe, data.favoriteCount);
  }, [client, data, userKey]);

  const notFound = book.error instanceof ApiError && book.error.status === 404;
  if (notFound) {
    return (
      <div className="page-container py-10">
        <EmptyState
          icon={<SearchXIcon size={28} />}
          title="Không tìm thấy sách"
          description="Cuốn sách bạn tìm không tồn tại hoặc đã ngừng kinh doanh."
          action={
            <Link to="/" className={buttonClass('primary', 'md')}>
              Về trang chủ
            </Link>
          }
        />
      </div>
    );
  }
  if (book.isError) {
    return (
      <div className="page-container py-10">
        <ErrorState message="Lỗi tải chi tiết sách" onRetry={() => void book.refetch()} retrying={book.isFetching} />
      </div>
    );
  }
  if (!data) return <DetailSkeleton />;

  const category = data.categories[0];
  const showTab = (t: Tab) => {
    setTab(t);
    requestAnimationFrame(() => tabsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const onTabKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    e.preventDefault();
    const next = tab === 'reviews' ? 'comments' : 'reviews';
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <div className="page-container space-y-5 py-4 sm:py-6">
      <Breadcrumb items={[...(category ? [{ label: category.name, href: `/danh-muc/${category.slug}` }] : []), { label: data.title }]} />

      <article className="grid gap-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-6 lg:grid-cols-[420px_minmax(0,1fr)] lg:gap-10">
        <div className="lg:sticky lg:top-36 lg:self-start">
          <ProductGallery book={data} />
        </div>
        <BuyBox book={data} onShowReviews={() => showTab('reviews')} />
      </article>

      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-labelledby="desc-title" className="self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-6">
          <h2 id="desc-title" className="mb-3 text-lg font-bold text-gray-900">
            Mô tả sản phẩm
          </h2>
          <BookDescription html={data.description} />
        </section>
        <section aria-labelledby="info-title" className="self-start rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-6">
          <h2 id="info-title" className="mb-2 text-lg font-bold text-gray-900">
            Thông tin chi tiết
          </h2>
          <BookDetailsTable book={data} />
        </section>
      </div>

      <section ref={setTabsRef} aria-label="Đánh giá và bình luận" className="scroll-mt-36 rounded-2xl bg-white shadow-sm ring-1 ring-gray-200/70">
        <div role="tablist" aria-label="Đánh giá và bình luận" className="flex border-b border-gray-200 px-2 sm:px-4" onKeyDown={onTabKey}>
          {TABS.map((t) => (
            <button
              key={t.key}
              id={`tab-${t.key}`}
              type="button"
              role="tab"
              aria-selected={tab === t.key}
              aria-controls={`panel-${t.key}`}
              tabIndex={tab === t.key ? 0 : -1}
              onClick={() => setTab(t.key)}
              className={`relative px-4 py-3.5 text-sm font-bold transition-colors focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 sm:text-base ${
                tab === t.key ? 'text-brand-700' : 'text-gray-500 hover:text-gray-800'
              }`}
            >
              {t.label}
              {t.key === 'reviews' && data.ratingCount > 0 && <span className="ml-1 text-xs font-semibold text-gray-500">({data.ratingCount})</span>}
              {tab === t.key && <span className="absolute inset-x-3 bottom-0 h-0.5 rounded-full bg-brand-700" />}
            </button>
          ))}
        </div>
        {/* Both panels exist for aria-controls; a panel's content loads the first time it is near the screen and its tab is open. */}
        {TABS.map((t) => (
          <div key={t.key} id={`panel-${t.key}`} role="tabpanel" aria-labelledby={`tab-${t.key}`} hidden={tab !== t.key} tabIndex={0} className="p-4 outline-none sm:p-6">
            {visited.has(t.key) && (
              <Suspense fallback={<LoadingBlock className="min-h-40" />}>
                {t.key === 'reviews' ? <ReviewsPanel bookId={data.id} /> : <CommentsPanel bookId={data.id} />}
              </Suspense>
            )}
          </div>
        ))}
      </section>

      {/* Loaded as the shopper scrolls towards it (not with the page's first files, even on a tall screen). */}
      <WhenNear placeholder={null} margin="300px">
        <Suspense fallback={null}>
          <RelatedBooks bookId={data.id} />
        </Suspense>
      </WhenNear>
    </div>
  );
}

function DetailSkeleton() {
  return (
    <div className="page-container space-y-5 py-4 sm:py-6" role="status" aria-label="Đang tải chi tiết sách">
      <Skeleton className="h-4 w-64" />
      <div className="grid gap-6 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-6 lg:grid-cols-[420px_minmax(0,1fr)] lg:gap-10">
        <Skeleton className="mx-auto aspect-[2/3] w-full max-w-[340px] rounded-2xl" />
        <div className="space-y-4">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-8 w-4/5" />
          <Skeleton className="h-4 w-3/5" />
          <Skeleton className="h-4 w-2/5" />
          <Skeleton className="h-24 w-full rounded-xl" />
          <Skeleton className="h-10 w-40" />
          <div className="flex gap-3">
            <Skeleton className="h-12 w-48" />
            <Skeleton className="h-12 w-36" />
          </div>
        </div>
      </div>
      <span className="sr-only">Đang tải…</span>
    </div>
  );
}
