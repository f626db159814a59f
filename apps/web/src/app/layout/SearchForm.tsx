import { Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { normalizeSearchText, SEARCH_TERM_MAX, SUGGEST_MIN_CHARS } from '@nhasach/shared';
import { SearchIcon } from 'lucide-react';
import { fetchSuggestions, suggestKeys } from '../../api/catalog.ts';
import { searchPath } from '../../lib/search.ts';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { fileCaret, takeCaret, type Caret } from '../../lib/focusHandOff.ts';

// Headless UI's combobox (some 10 KB gzip) is not in the first load of every page: the box is drawn plainly, and
// the combobox's code comes when the shopper first focuses or points at it, before they have typed enough.
const SuggestingSearchBox = lazyComponent(async () => (await import('./SearchSuggestions.tsx')).SuggestingSearchBox);

/** The box's attributes, the same drawn plainly and as the combobox. */
const INPUT_PROPS = {
  type: 'search',
  name: 'q',
  autoComplete: 'off',
  placeholder: 'Tìm kiếm',
  'aria-label': 'Tìm kiếm sách, tác giả, nhà xuất bản',
  maxLength: SEARCH_TERM_MAX + 64,
  enterKeyHint: 'search',
  className:
    'h-11 w-full rounded-l-xl border border-r-0 border-gray-300 bg-white pr-3 pl-10 text-[15px] text-gray-900 placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/15 [&::-webkit-search-cancel-button]:cursor-pointer',
} as const;

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
 * size 20, sort relevance (lib/search.ts: the same default as /search opened directly). From 2 characters a
 * dropdown suggests books, authors and categories (the kit's SearchCombobox: arrows move, Enter opens the
 * highlighted one, Escape closes; Enter with nothing highlighted searches as usual).
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
  // Whether the shopper asked for suggestions (typed, the arrows, a tap) since the last choice or search.
  const [asked, setAsked] = useState(false);
  const typed = term.slice(0, SEARCH_TERM_MAX);
  const norm = normalizeSearchText(useDebounced(typed, SUGGEST_DEBOUNCE_MS));
  const enough = norm.replace(/ /g, '').length >= SUGGEST_MIN_CHARS;
  const suggestions = useQuery({
    queryKey: suggestKeys.term(norm),
    queryFn: ({ signal }) => fetchSuggestions(norm, signal),
    enabled: asked && enough,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  const typedEnough = normalizeSearchText(typed).replace(/ /g, '').length >= SUGGEST_MIN_CHARS;

  // The combobox's code comes at the first sign of use; it then takes the plain box's place, focus and caret.
  const [ready, setReady] = useState(false);
  const loading = useRef(false);
  const caret = useRef<Caret>(undefined);
  const load = () => {
    if (loading.current) return;
    loading.current = true;
    void SuggestingSearchBox.preload().then(() => setReady(true));
  };
  // The plain box hands its focus and caret on as React removes it (it is still in the page then). It is drawn
  // again while the combobox's code is still on its way (Suspense's fallback, on a slow phone): that stand-in takes
  // the focus back at once, so typing goes on and the combobox takes it over in turn.
  const plainBox = (input: HTMLInputElement | null) => {
    if (!input) return;
    takeCaret(input, caret);
    return () => fileCaret(input, caret);
  };

  const type = (value: string) => {
    setTerm(value);
    setAsked(true);
  };

  const search = () => {
    const target = searchPath(term);
    if (!target) return;
    setAsked(false);
    void navigate(target);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    search();
  };

  const plain = (
    <input
      ref={plainBox}
      id={baseId}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="list"
      value={term}
      onChange={(e) => type(e.target.value)}
      onFocus={load}
      onPointerEnter={load}
      {...INPUT_PROPS}
    />
  );

  return (
    <form role="search" onSubmit={onSubmit} className={`flex min-w-0 ${className}`}>
      <div className="relative min-w-0 flex-1">
        <SearchIcon size={18} className="pointer-events-none absolute top-1/2 left-3.5 -translate-y-1/2 text-gray-500" />
        {ready ? (
          <Suspense fallback={plain}>
            <SuggestingSearchBox
              id={baseId}
              inputProps={INPUT_PROPS}
              value={term}
              onValueChange={type}
              data={enough ? suggestions.data : undefined}
              typed={typed}
              loading={suggestions.isFetching}
              shown={asked && typedEnough && enough}
              onChoose={(option) => {
                setAsked(false);
                document.getElementById(baseId)?.blur();
                void navigate(option.href);
              }}
              onSearch={search}
              onAsk={() => setAsked(true)}
              takeOver={caret}
            />
          </Suspense>
        ) : (
          plain
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
