import { useId, useMemo, useState, type ReactNode } from 'react';
import { foldVietnamese, type GeoUnitDto } from '@nhasach/shared';
import { Combobox } from './ui/Combobox.tsx';
import { FieldErrorText } from './ui/Field.tsx';

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
 * A searchable picker of administrative units (the kit's combobox): type part of a name with or without accents,
 * arrows and Enter choose, Escape closes; the list opens on focus or tap, so it works by touch.
 */
export function UnitCombobox({ label, placeholder, list, loading, disabled = false, error, value, onChange, onBlur }: UnitComboboxProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const [query, setQuery] = useState('');
  const options = useMemo(() => filterUnits(list ?? [], query).map((u) => ({ id: u.code, label: u.name })), [list, query]);
  const nameOf = (code: string) => list?.find((u) => u.code === code)?.name ?? '';

  return (
    <div>
      <div className="mb-1.5 flex text-sm font-medium text-gray-800">
        <label htmlFor={id}>{label}</label>
        <span className="ml-0.5 text-brand-700" aria-hidden="true">
          *
        </span>
      </div>
      <Combobox
        id={id}
        label={typeof label === 'string' ? label : placeholder}
        labelledByCaller
        required
        options={options}
        value={list?.some((u) => u.code === value) ? value : null}
        labelOf={nameOf}
        onChange={onChange}
        query={query}
        onQueryChange={setQuery}
        loading={loading}
        disabled={disabled || loading}
        placeholder={loading ? 'Đang tải…' : placeholder}
        invalid={!!error}
        describedBy={error ? errorId : undefined}
        emptyText={`Không tìm thấy “${query.trim()}”`}
        onBlur={onBlur}
        toggleLabel="Mở danh sách"
        floating
      />
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </div>
  );
}
