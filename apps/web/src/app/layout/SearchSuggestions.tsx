import { useMemo, type ReactNode } from 'react';
import { formatVnd, matchedRange, type SuggestionsDto } from '@nhasach/shared';
import { TagIcon, UserIcon } from 'lucide-react';
import { suggestionOptions, type SuggestionOption } from './suggestion-options.ts';
import { SearchCombobox, SearchOption, type SearchComboboxProps } from '../../components/ui/SearchCombobox.tsx';
import { ImageWithFallback } from '../../components/ImageWithFallback.tsx';

/** The typed part of a name in bold (matched without diacritics or case). */
export function Highlighted({ text, typed }: { text: string; typed: string }) {
  const range = matchedRange(text, typed);
  if (!range) return <>{text}</>;
  const [from, to] = range;
  return (
    <>
      {text.slice(0, from)}
      <mark className="bg-transparent font-bold text-brand-700">{text.slice(from, to)}</mark>
      {text.slice(to)}
    </>
  );
}

interface Props extends Omit<SearchComboboxProps<SuggestionOption>, 'listLabel' | 'listClassName' | 'children' | 'footer'> {
  data: SuggestionsDto | undefined;
  typed: string;
  loading: boolean;
}

const rowClass = (active: boolean) => `flex cursor-pointer items-center gap-3 px-3 py-2 text-sm ${active ? 'bg-brand-50 text-gray-900' : 'text-gray-700'}`;

/**
 * The header's search box once its code is loaded (SearchForm draws it plainly before): the kit's search combobox
 * with the suggestions of what was typed, in groups (books, authors, categories).
 */
export function SuggestingSearchBox({ data, typed, loading, ...props }: Props) {
  const options = useMemo(() => suggestionOptions(data, props.id), [data, props.id]);
  const byId = new Map(options.map((o) => [o.id, o]));
  const option = (id: string, children: ReactNode) => {
    const o = byId.get(id);
    if (!o) return null;
    return (
      <SearchOption key={id} option={o} className={rowClass}>
        {children}
      </SearchOption>
    );
  };
  const groups: { label: string; items: ReactNode[] }[] = [];
  if (data?.books.length) {
    groups.push({
      label: 'Sách',
      items: data.books.map((b) =>
        option(
          options.find((o) => o.kind === 'book' && o.href === `/books/${b.slug}`)?.id ?? '',
          <>
            <ImageWithFallback src={b.thumbnail} alt="" className="h-12 w-9 shrink-0 rounded object-cover ring-1 ring-gray-200" placeholderClassName="h-12 w-9 shrink-0 rounded [&>span]:hidden [&>svg]:size-4" />
            <span className="min-w-0 flex-1">
              <span className="line-clamp-2 leading-snug">
                <Highlighted text={b.title} typed={typed} />
              </span>
              <span className="mt-0.5 flex items-baseline gap-2">
                <span className={`text-[13px] font-semibold ${b.effectivePrice < b.price ? 'text-brand-700' : 'text-gray-900'}`}>{formatVnd(b.effectivePrice)}</span>
                {b.effectivePrice < b.price && <s className="text-xs text-gray-500">{formatVnd(b.price)}</s>}
              </span>
            </span>
          </>,
        ),
      ),
    });
  }
  if (data?.authors.length) {
    groups.push({
      label: 'Tác giả',
      items: data.authors.map((a) =>
        option(
          options.find((o) => o.kind === 'author' && o.label === a.name)?.id ?? '',
          <>
            <UserIcon size={16} className="shrink-0 text-gray-500" />
            <span className="min-w-0 flex-1 truncate">
              <Highlighted text={a.name} typed={typed} />
            </span>
          </>,
        ),
      ),
    });
  }
  if (data?.categories.length) {
    groups.push({
      label: 'Danh mục',
      items: data.categories.map((c) =>
        option(
          options.find((o) => o.kind === 'category' && o.href === `/danh-muc/${c.slug}`)?.id ?? '',
          <>
            <TagIcon size={16} className="shrink-0 text-gray-500" />
            <span className="min-w-0 flex-1 truncate">
              <Highlighted text={c.name} typed={typed} />
            </span>
          </>,
        ),
      ),
    });
  }

  return (
    <SearchCombobox
      {...props}
      listLabel="Gợi ý tìm kiếm"
      listClassName="absolute top-full right-0 left-0 z-50 mt-1.5 max-h-[min(70vh,560px)] sm:right-auto sm:w-[max(100%,28rem)] overflow-y-auto rounded-xl bg-white py-1.5 shadow-lg ring-1 ring-gray-200"
      footer={
        options.length === 0 && (
          <p className="px-3 py-2.5 text-sm text-gray-500" aria-live="polite">
            {loading ? 'Đang tìm gợi ý…' : 'Không có gợi ý. Nhấn Enter để tìm kiếm.'}
          </p>
        )
      }
    >
      {groups.map((g) => (
        <li key={g.label} role="presentation">
          <div role="presentation" className="px-3 pt-2 pb-1 text-[11px] font-semibold tracking-wide text-gray-500 uppercase">
            {g.label}
          </div>
          <ul role="group" aria-label={g.label}>
            {g.items}
          </ul>
        </li>
      ))}
    </SearchCombobox>
  );
}
