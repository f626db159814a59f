import { useState } from 'react';
import { Link } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { HOME_NEW_PAGE_SIZE, discountPercent, effectivePrice, isSaleActive, type BookCardDto, type HomeDataDto } from '@nhasach/shared';
import { BookOpenIcon, HeartIcon, SparklesIcon, TrophyIcon, ZapIcon } from 'lucide-react';
import { bookKeys, fetchNewest } from '../../api/catalog.ts';
import { BookGrid, BookGridSkeleton, GRID_COLS } from '../../components/BookGrid.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { HydratesApart } from '../../components/HydratesApart.tsx';
import { EmptyState, ErrorState } from '../../components/ui/EmptyState.tsx';
import { WhenNear } from '../../components/WhenNear.tsx';
import { categoryTreeQueryOptions } from './api/get-category-tree.ts';
import { homeQueryOptions } from './api/get-home.ts';
import { BannerCarousel } from './home/BannerCarousel.tsx';
import { BookRow, BookRowSkeleton } from './home/BookRow.tsx';
import { SaleCountdown } from './home/SaleCountdown.tsx';
import { SectionHeader } from './home/SectionHeader.tsx';

/** / (spec section 2, Home): banners, Flash Sale, new products (15 a page), best sellers, categories (the promises are in the footer, once). */
export function HomePage() {
  const home = useQuery(homeQueryOptions());
  return (
    <div className="page-container space-y-6 py-4 sm:space-y-8 sm:py-6">
      <h1 className="sr-only">Nhà Sách - nhà sách trực tuyến</h1>
      {/* Each block is taken over by the app on its own (see HydratesApart): the page starts in short tasks. */}
      <HydratesApart>
        <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_290px]">
          <BannerCarousel />
          <SideTiles />
        </div>
      </HydratesApart>

      {home.isError && <ErrorState message="Không tải được trang chủ" onRetry={() => void home.refetch()} retrying={home.isFetching} compact />}

      <HydratesApart>
        <CategoryChips />
      </HydratesApart>
      <HydratesApart>
        <FlashSaleSection home={home.data} loading={home.isPending} failed={home.isError} />
      </HydratesApart>
      <HydratesApart>
        <WeeklyBestSection home={home.data} />
      </HydratesApart>
      <HydratesApart>
        <NewProductsSection home={home.data} loading={home.isPending} failed={home.isError} />
      </HydratesApart>
      <HydratesApart>
        <BestSellersSection home={home.data} loading={home.isPending} failed={home.isError} />
      </HydratesApart>
      {home.data?.categories.map((block) => (
        <HydratesApart key={block.category.id}>
          <section aria-labelledby={`cat-${block.category.id}`} className="render-when-near rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-5">
            <SectionHeader id={`cat-${block.category.id}`} title={block.category.name} icon={<BookOpenIcon size={18} />} moreHref={`/danh-muc/${block.category.slug}`} />
            <WhenNear placeholder={<BookRowSkeleton />}>
              <BookRow books={block.books} label={block.category.name} />
            </WhenNear>
          </section>
        </HydratesApart>
      ))}
    </div>
  );
}

function SideTiles() {
  return (
    <div className="hidden gap-4 lg:grid lg:grid-rows-2">
      <a href="#ban-chay" className="group relative flex flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br from-amber-400 via-orange-400 to-rose-500 p-5 text-white shadow-sm">
        <TrophyIcon size={76} strokeWidth={1.4} className="absolute -top-2 -right-2 text-white/25 transition-transform group-hover:scale-110" />
        <span className="text-xs font-semibold tracking-wider uppercase opacity-90">Top tuần này</span>
        <span className="mt-1 text-xl leading-tight font-extrabold">Sách bán chạy nhất</span>
        <span className="mt-2 text-sm font-medium underline-offset-4 group-hover:underline">Xem bảng xếp hạng →</span>
      </a>
      <Link to="/yeu-thich" className="group relative flex flex-col justify-end overflow-hidden rounded-2xl bg-gradient-to-br from-sky-500 via-indigo-500 to-violet-600 p-5 text-white shadow-sm">
        <HeartIcon size={72} strokeWidth={1.4} className="absolute -top-1 -right-1 text-white/25 transition-transform group-hover:scale-110" />
        <span className="text-xs font-semibold tracking-wider uppercase opacity-90">Tủ sách của bạn</span>
        <span className="mt-1 text-xl leading-tight font-extrabold">Sách yêu thích</span>
        <span className="mt-2 text-sm font-medium underline-offset-4 group-hover:underline">Xem danh sách →</span>
      </Link>
    </div>
  );
}

const CHIP_TONES = ['bg-rose-50 text-rose-700', 'bg-amber-50 text-amber-700', 'bg-emerald-50 text-emerald-700', 'bg-sky-50 text-sky-700', 'bg-violet-50 text-violet-700'];

/** Top-level categories as quick links (the same tree as the header menu, shared cache). */
function CategoryChips() {
  const tree = useQuery(categoryTreeQueryOptions());
  const top = (tree.data ?? []).slice(0, 10);
  if (top.length === 0) return null;
  return (
    <nav aria-label="Danh mục nổi bật" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-5">
      <h2 className="mb-3 text-base font-bold text-gray-900 sm:text-lg">Danh mục nổi bật</h2>
      <ul className="-mx-1 flex gap-2.5 overflow-x-auto px-1 pb-1 [scrollbar-width:thin] lg:grid lg:grid-cols-5 lg:overflow-visible">
        {top.map((c, i) => (
          <li key={c.id} className="shrink-0">
            <Link
              to={`/danh-muc/${c.slug}`}
              className="flex h-full items-center gap-2.5 rounded-xl border border-gray-100 px-3 py-2.5 text-sm font-semibold text-gray-800 transition hover:border-brand-200 hover:bg-brand-50/40 hover:text-brand-700 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className={`grid size-9 shrink-0 place-items-center rounded-lg ${CHIP_TONES[i % CHIP_TONES.length]}`}>
                <BookOpenIcon size={18} />
              </span>
              <span className="line-clamp-2 max-w-40">{c.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

interface SectionProps {
  home: HomeDataDto | undefined;
  loading: boolean;
  failed: boolean;
}

/** Only books whose sale window is open now and that really cost less (spec section 2, Flash Sales). */
export function activeSales(books: BookCardDto[], now = Date.now()): BookCardDto[] {
  return books.filter((b) => isSaleActive(b, now) && discountPercent(b.price, effectivePrice(b, now)) > 0);
}

/** The soonest end of the running sales, for the countdown. */
function soonestEnd(books: BookCardDto[]): string | undefined {
  const ends = books.map((b) => b.saleEndAt).filter((e): e is string => !!e && Date.parse(e) > Date.now());
  return ends.sort((a, b) => Date.parse(a) - Date.parse(b))[0];
}

function FlashSaleSection({ home, loading, failed }: SectionProps) {
  const items = home ? activeSales(home.featuredSale) : [];
  if (home && items.length === 0) return null;
  const end = soonestEnd(items);
  return (
    <section id="flash-sale" aria-labelledby="flash-sale-title" className="overflow-hidden rounded-2xl bg-gradient-to-br from-brand-700 via-brand-600 to-orange-500 p-4 shadow-sm sm:p-5">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="flash-sale-title" className="flex items-center gap-2 text-xl font-extrabold tracking-wide text-white italic sm:text-2xl">
          <ZapIcon size={26} className="fill-amber-300 text-amber-300" /> FLASH SALE
        </h2>
        {end && <SaleCountdown endAt={end} />}
      </div>
      <div className="rounded-xl bg-white/10 p-2 sm:p-3">
        {loading ? (
          <BookRowSkeleton />
        ) : failed ? (
          <p role="alert" className="py-8 text-center text-sm font-semibold text-white">
            Không tải được Flash Sale
          </p>
        ) : (
          <BookRow books={items} label="Flash Sale" saleBar eagerCount={4} />
        )}
      </div>
    </section>
  );
}

/** Below the first screen, like the best sellers: its cards are built when the shopper comes near (not in the server's HTML). */
function NewProductsSection({ home, loading, failed }: SectionProps) {
  const [page, setPage] = useState(0);
  // Page 0 comes with the home answer; later pages from the catalogue (createdAt desc, ACTIVE).
  const more = useQuery({
    queryKey: bookKeys.newest(page),
    queryFn: ({ signal }) => fetchNewest(page, signal),
    enabled: page > 0,
    placeholderData: keepPreviousData,
  });
  const data = page === 0 ? home?.newest : more.data;
  const isLoading = page === 0 ? loading : more.isPending;
  const isFailed = page === 0 ? failed : more.isError;
  const totalPages = home?.newest.totalPages ?? data?.totalPages ?? 0;
  return (
    <section id="sach-moi" aria-labelledby="new-title" className="render-when-near [contain-intrinsic-size:auto_3000px] sm:[contain-intrinsic-size:auto_1300px] rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-5">
      <SectionHeader id="new-title" title="Sản phẩm mới" icon={<SparklesIcon size={18} />} />
      {isLoading ? (
        <BookGridSkeleton count={HOME_NEW_PAGE_SIZE} cols={GRID_COLS.five} />
      ) : isFailed ? (
        <ErrorState message="Không tải được sản phẩm mới" onRetry={page > 0 ? () => void more.refetch() : undefined} compact />
      ) : !data || data.content.length === 0 ? (
        <EmptyState title="Không có sản phẩm" />
      ) : (
        // 200 px, not the usual 800: on a phone this grid starts less than a screen below the first one, and its
        // 15 cards built while the page starts would be work done for a shopper who has not scrolled yet.
        <WhenNear margin="200px" placeholder={<BookGridSkeleton count={HOME_NEW_PAGE_SIZE} cols={GRID_COLS.five} />}>
          <div className={more.isFetching && page > 0 ? 'opacity-60 transition-opacity' : ''}>
            <BookGrid books={data.content} cols={GRID_COLS.five} label="Sản phẩm mới" />
          </div>
        </WhenNear>
      )}
      <Pagination
        page={page}
        totalPages={totalPages}
        onChange={(p) => {
          setPage(p);
          document.getElementById('sach-moi')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        }}
        label="Trang sản phẩm mới"
        className="mt-5"
      />
    </section>
  );
}

/** "Bán chạy tuần này": the most ordered books of the last 7 days (from the orders); hidden while the week has none. */
function WeeklyBestSection({ home }: { home: SectionProps['home'] }) {
  const books = home?.bestSellersWeek ?? [];
  if (books.length === 0) return null;
  return (
    <section id="ban-chay-tuan" aria-labelledby="week-best-title" className="render-when-near rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-5">
      <SectionHeader id="week-best-title" title="Bán chạy tuần này" icon={<TrophyIcon size={18} />} />
      <WhenNear placeholder={<BookRowSkeleton />}>
        <BookRow books={books} label="Bán chạy tuần này" />
      </WhenNear>
    </section>
  );
}

function BestSellersSection({ home, loading, failed }: SectionProps) {
  return (
    <section id="ban-chay" aria-labelledby="best-title" className="render-when-near rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200/70 sm:p-5">
      <SectionHeader id="best-title" title="Sách bán chạy" icon={<TrophyIcon size={18} />} />
      {loading ? (
        <BookRowSkeleton />
      ) : failed ? (
        <ErrorState message="Không tải được sách bán chạy" compact />
      ) : !home || home.bestSellers.length === 0 ? (
        <EmptyState title="Không có sản phẩm" />
      ) : (
        <WhenNear placeholder={<BookRowSkeleton />}>
          <BookRow books={home.bestSellers} label="Sách bán chạy" />
        </WhenNear>
      )}
    </section>
  );
}

