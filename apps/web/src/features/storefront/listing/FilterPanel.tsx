import { useId, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AGE_FILTER_OPTIONS, LANGUAGE_LABELS, type Language } from '@nhasach/shared';
import { bookKeys, fetchRefList, type CategoryTreeNode } from '../../../api/catalog.ts';
import { CategoryTree } from './CategoryTree.tsx';
import { PriceRangeSlider } from './PriceRangeSlider.tsx';
import type { ListingState } from '@nhasach/shared';

/** Languages a shopper can filter by (spec section 3, Language, customer display). */
export const FILTER_LANGUAGES: Language[] = ['VI', 'EN', 'JA', 'KO', 'ZH', 'FR', 'DE', 'RU', 'ES'];

function Group({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} className="border-t border-gray-100 pt-4">
      <h3 id={id} className="mb-3 text-sm font-bold tracking-wide text-gray-900 uppercase">
        {title}
      </h3>
      {children}
    </div>
  );
}

const selectClass =
  'h-10 w-full rounded-lg border border-gray-300 bg-white px-3 text-sm text-gray-800 outline-none focus:border-brand-500 focus:ring-2 focus:ring-brand-100';

export interface FilterPanelProps {
  state: ListingState;
  onChange: (change: Partial<ListingState>) => void;
  tree: { nodes: CategoryTreeNode[]; loading: boolean; failed: boolean };
  currentSlug: string;
  onNavigate?: () => void;
}

/** Category tree and filters of a listing (spec section 3, Book filters). */
export function FilterPanel({ state, onChange, tree, currentSlug, onNavigate }: FilterPanelProps) {
  const ids = useId();
  const publishers = useQuery({ queryKey: bookKeys.refs('publishers'), queryFn: () => fetchRefList('publishers'), staleTime: 10 * 60_000 });
  const suppliers = useQuery({ queryKey: bookKeys.refs('suppliers'), queryFn: () => fetchRefList('suppliers'), staleTime: 10 * 60_000 });
  const ageValue = state.age === undefined ? 'ALL' : String(state.age);
  return (
    <div className="space-y-5">
      <section aria-labelledby={`${ids}-cat`}>
        <h2 id={`${ids}-cat`} className="mb-3 text-sm font-bold tracking-wide text-gray-900 uppercase">
          Danh mục
        </h2>
        <CategoryTree nodes={tree.nodes} currentSlug={currentSlug} loading={tree.loading} failed={tree.failed} onNavigate={onNavigate} />
      </section>

      <Group title="Khoảng giá">
        <PriceRangeSlider min={state.priceMin} max={state.priceMax} onCommit={(priceMin, priceMax) => onChange({ priceMin, priceMax })} />
      </Group>

      <Group title="Độ tuổi">
        <div className="space-y-1">
          {AGE_FILTER_OPTIONS.map((o) => (
            <label key={o.value} className="flex cursor-pointer items-center gap-2.5 rounded-md px-1 py-1 text-sm text-gray-700 hover:text-brand-700">
              <input
                type="radio"
                name={`${ids}-age`}
                value={String(o.value)}
                checked={ageValue === String(o.value)}
                onChange={() => onChange({ age: o.value === 'ALL' ? undefined : o.value })}
                className="size-4 accent-brand-700"
              />
              {o.label}
            </label>
          ))}
        </div>
      </Group>

      <Group title="Ngôn ngữ">
        <label htmlFor={`${ids}-lang`} className="sr-only">
          Ngôn ngữ
        </label>
        <select id={`${ids}-lang`} value={state.language ?? ''} onChange={(e) => onChange({ language: (e.target.value || undefined) as Language | undefined })} className={selectClass}>
          <option value="">Tất cả ngôn ngữ</option>
          {FILTER_LANGUAGES.map((l) => (
            <option key={l} value={l}>
              {LANGUAGE_LABELS[l]}
            </option>
          ))}
        </select>
      </Group>

      {(publishers.data?.length ?? 0) > 0 || state.publisher ? (
        <Group title="Nhà xuất bản">
          <label htmlFor={`${ids}-pub`} className="sr-only">
            Nhà xuất bản
          </label>
          <select id={`${ids}-pub`} value={state.publisher ?? ''} onChange={(e) => onChange({ publisher: e.target.value || undefined })} className={selectClass}>
            <option value="">Tất cả nhà xuất bản</option>
            {state.publisher && !publishers.data?.some((p) => p.slug === state.publisher) && <option value={state.publisher}>{state.publisher}</option>}
            {publishers.data?.map((p) => (
              <option key={p.id} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
        </Group>
      ) : null}

      {(suppliers.data?.length ?? 0) > 0 || state.supplier ? (
        <Group title="Nhà cung cấp">
          <label htmlFor={`${ids}-sup`} className="sr-only">
            Nhà cung cấp
          </label>
          <select id={`${ids}-sup`} value={state.supplier ?? ''} onChange={(e) => onChange({ supplier: e.target.value || undefined })} className={selectClass}>
            <option value="">Tất cả nhà cung cấp</option>
            {state.supplier && !suppliers.data?.some((s) => s.slug === state.supplier) && <option value={state.supplier}>{state.supplier}</option>}
            {suppliers.data?.map((s) => (
              <option key={s.id} value={s.slug}>
                {s.name}
              </option>
            ))}
          </select>
        </Group>
      ) : null}
    </div>
  );
}
