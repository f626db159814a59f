import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { SEARCH_TERM_MAX } from '@nhasach/shared';
import { SearchIcon } from '../../components/icons.tsx';
import { searchPath } from '../../lib/search.ts';

/**
 * Header search (spec section 2): an empty or blank term submits nothing; otherwise /search with
 * q, page 0, size 20, sort createdAt, direction DESC.
 */
export function SearchForm({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const urlTerm = pathname === '/search' ? (params.get('q') ?? '') : '';
  const [term, setTerm] = useState(urlTerm);
  // Follow the URL when the results page changes its query (back/forward, links).
  const [lastUrlTerm, setLastUrlTerm] = useState(urlTerm);
  if (urlTerm !== lastUrlTerm) {
    setLastUrlTerm(urlTerm);
    setTerm(urlTerm);
  }

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const target = searchPath(term);
    if (!target) return;
    void navigate(target);
  };

  return (
    <form role="search" onSubmit={onSubmit} className={`flex min-w-0 ${className}`}>
      <div className="relative min-w-0 flex-1">
        <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-gray-400" />
        <input
          type="search"
          name="q"
          value={term}
          onChange={(e) => setTerm(e.target.value)}
          placeholder="Tìm kiếm"
          aria-label="Tìm kiếm sách, tác giả, nhà xuất bản"
          maxLength={SEARCH_TERM_MAX + 64}
          enterKeyHint="search"
          className="h-11 w-full rounded-l-xl border border-r-0 border-gray-300 bg-white pr-3 pl-10 text-[15px] text-gray-900 placeholder:text-gray-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/15 [&::-webkit-search-cancel-button]:cursor-pointer"
        />
      </div>
      <button
        type="submit"
        className="inline-flex h-11 shrink-0 items-center gap-2 rounded-r-xl bg-brand-700 px-4 text-sm font-semibold text-white transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 sm:px-5"
      >
        <SearchIcon size={18} className="sm:hidden" />
        <span className="max-sm:sr-only">Tìm kiếm</span>
      </button>
    </form>
  );
}
