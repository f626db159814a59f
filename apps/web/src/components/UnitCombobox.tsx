import { useId, useMemo, useState, type ReactNode } from 'react';
import { Combobox, ComboboxButton, ComboboxInput, ComboboxOption, ComboboxOptions } from '@headlessui/react';
import { foldVietnamese, type GeoUnitDto } from '@nhasach/shared';
import { CheckIcon, ChevronDownIcon } from 'lucide-react';
import { FieldErrorText, inputBaseClass } from './ui/Field.tsx';

/** The type word a name starts with: a search for 'ben thanh' should rank 'Phường Bến Thành' first. */
const TYPE_WORD = /^(thanh pho|tinh|quan|huyen|thi xa|thi tran|phuong|xa|dac khu)\s+/;

/**
 * The units whose name holds the query, typed with or without diacritics, in any case. Names whose own part (after
 * the type word) starts with the query come first, then the others, each in list order.
 */
export function filterUnits(list: readonly GeoUnitDto[], query: string): GeoUnitDto[] {
  const q = foldVietnamese(query);
  if (!q) return [...list];
  const first: GeoUnitDto[] = [];
  const rest: GeoUnitDto[] = [];
  for (const u of list) {
    const name = foldVietnamese(u.name);
    if (!name.includes(q)) continue;
    if (name.startsWith(q) || name.replace(TYPE_WORD, '').startsWith(q)) first.push(u);
    else rest.push(u);
  }
  return [...first, ...rest];
}

export interface UnitComboboxProps {
  label: ReactNode;
  placeholder: string;
  list: GeoUnitDto[] | undefined;
  loading: boolean;
  disabled?: boolean;
  error?: string;
  /** The chosen unit's code, '' for none. */
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
}

/**
 * A searchable picker of administrative units (ARIA combobox through Headless UI): type part of a name with or
 * without accents, arrows and Enter choose, Escape closes; the list opens on focus or tap, so it works by touch.
 */
export function UnitCombobox({ label, placeholder, list, loading, disabled = false, error, value, onChange, onBlur }: UnitComboboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [query, setQuery] = useState('');
  const selected = useMemo(() => list?.find((u) => u.code === value) ?? null, [list, value]);
  const filtered = useMemo(() => filterUnits(list ?? [], query), [list, query]);
  const off = disabled || loading;

  return (
    <div>
      <div className="mb-1.5 flex text-sm font-medium text-gray-800">
        <label htmlFor={id}>{label}</label>
        <span className="ml-0.5 text-brand-700" aria-hidden="true">
          *
        </span>
      </div>
      <Combobox
        value={selected}
        by="code"
        immediate
        disabled={off}
        onChange={(u: GeoUnitDto | null) => {
          // Clearing the text does not clear the choice: only picking another unit changes it.
          if (u) onChange(u.code);
        }}
        onClose={() => setQuery('')}
      >
        <div className="relative">
          <ComboboxInput
            id={id}
            aria-required="true"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            autoComplete="off"
            className={`${inputBaseClass} h-11 pr-10 pl-3 disabled:cursor-not-allowed disabled:text-gray-400`}
            placeholder={loading ? 'Đang tải…' : placeholder}
            displayValue={(u: GeoUnitDto | null) => u?.name ?? ''}
            onChange={(e) => setQuery(e.target.value)}
            onBlur={onBlur}
          />
          {/* Not named after the field, so that the field's label finds only the input (it is out of the tab order). */}
          <ComboboxButton
            aria-label="Mở danh sách"
            className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-gray-500 disabled:text-gray-300"
          >
            <ChevronDownIcon size={18} />
          </ComboboxButton>
        </div>
        <ComboboxOptions
          anchor={{ to: 'bottom start', gap: 4 }}
          // The list is as wide as the field, scrolls inside itself, and stays above the mobile keyboard.
          className="z-[70] max-h-72 w-(--input-width) min-w-56 overflow-y-auto rounded-lg border border-gray-200 bg-white py-1 text-[15px] shadow-lg empty:invisible [--anchor-max-height:18rem]"
        >
          {filtered.length === 0 ? (
            <div className="px-3 py-2.5 text-sm text-gray-500" role="status">
              Không tìm thấy “{query.trim()}”
            </div>
          ) : (
            filtered.map((u) => (
              <ComboboxOption
                key={u.code}
                value={u}
                className="group flex cursor-pointer items-center gap-2 px-3 py-2.5 text-gray-800 select-none data-focus:bg-brand-50 data-focus:text-brand-800 data-selected:font-semibold"
              >
                <CheckIcon size={16} className="invisible shrink-0 text-brand-700 group-data-selected:visible" />
                <span>{u.name}</span>
              </ComboboxOption>
            ))
          )}
        </ComboboxOptions>
      </Combobox>
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </div>
  );
}
