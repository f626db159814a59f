import { Suspense, useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { normalizeSearchText, SEARCH_TERM_MAX, SUGGEST_MIN_CHARS } from '@nhasach/shared';
import { SearchIcon } from 'lucide-react';
import { fetchSuggestions, suggestKeys } from '../../api/catalog.ts';
import { searchPath } from '../../lib/search.ts';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { suggestionOptions, type SuggestionOption } from './suggestion-options.ts';

// The dropdown's code comes when the shopper first focuses or points at the field, before they have typed enough.
const SearchSuggestions = lazyComponent(async () => (await import('./SearchSuggestions.tsx')).SearchSuggestions);
const loadSuggestions = () => void SearchSuggestions.preload();

/** Pause in typing before suggestions are asked for. */
const SUGGEST_DEBOUNCE_MS = 200;

/** The value after it has stopped changing for `ms`. */
function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Header search (spec section 2): an empty or blank term submits nothing; otherwise /search with q, page 0,
 * size 20, sort relevance (lib/search.ts: the same default as /search opened directly). From 2 characters a dropdown suggests books, authors and categories
 * (ARIA combobox: arrows move, Enter opens the highlighted one, Escape closes; Enter with nothing highlighted
 * searches as usual).
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

  const baseId = useId();
  const listId = `${baseId}-suggestions`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | undefined>();
  const typed = term.slice(0, SEARCH_TERM_MAX);
  const norm = normalizeSearchText(useDebounced(typed, SUGGEST_DEBOUNCE_MS));
  const enough = norm.replace(/ /g, '').length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({
    queryKey: suggestKeys.term(norm),
    queryFn: ({ signal }) => fetchSuggestions(norm, signal),
    enabled: open && enough,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const data = enough ? suggestions.data : undefined;
  const options = useMemo(() => suggestionOptions(data, baseId), [data, baseId]);
  const typedEnough = normalizeSearchText(typed).replace(/ /g, '').length >= SUGGEST_MIN_CHARS;
  const expanded = open && typedEnough && enough;
  const active = expanded ? options.find((o) => o.id === activeId) : undefined;

  const close = () => {
    setOpen(false);
    setActiveId(undefined);
  };

  const choose = (option: SuggestionOption) => {
    close();
    inputRef.current?.blur();
    void navigate(option.href);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (active) return choose(active);
    const target = searchPath(term);
    if (!target) return;
    close();
    void navigate(target);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      if (options.length === 0) return;
      const at = options.findIndex((o) => o.id === activeId);
      const next = e.key === 'ArrowDown' ? (at + 1 >= options.length ? -1 : at + 1) : at < 0 ? options.length - 1 : at - 1;
      setActiveId(next < 0 ? undefined : options[next]!.id);
    } else if (e.key === 'Escape') {
      if (expanded) {
        e.preventDefault();
        close();
      }
    }
  };

  // Keep the highlighted option in view when the arrows walk a long list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView({ block: 'nearest' });
  }, [activeId]);

  return (
    <form role="search" onSubmit={onSubmit} className={`flex min-w-0 ${className}`}>
      <div className="relative min-w-0 flex-1">
        <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-gray-500" />
        <input
          ref={inputRef}
          type="search"
          name="q"
          role="combobox"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active?.id}
          autoComplete="off"
          value={term}
          onChange={(e) => {
            setTerm(e.target.value);
            setOpen(true);
            setActiveId(undefined);
          }}
          onFocus={() => {
            loadSuggestions();
            setOpen(true);
          }}
          onPointerEnter={loadSuggestions}
          onBlur={close}
          onKeyDown={onKeyDown}
          placeholder="Tìm kiếm"
          aria-label="Tìm kiếm sách, tác giả, nhà xuất bản"
          maxLength={SEARCH_TERM_MAX + 64}
          enterKeyHint="search"
          className="h-11 w-full rounded-l-xl border border-r-0 border-gray-300 bg-white pr-3 pl-10 text-[15px] text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/15 [&::-webkit-search-cancel-button]:cursor-pointer"
        />
        {expanded && (
          <Suspense fallback={null}>
            <SearchSuggestions
              listId={listId}
              data={data}
              options={options}
              activeId={active?.id}
              typed={typed}
              loading={suggestions.isFetching}
              onChoose={choose}
              onHover={setActiveId}
            />
          </Suspense>
        )}
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
