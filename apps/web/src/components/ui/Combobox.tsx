import { type KeyboardEvent, type ReactNode } from 'react';
import {
  Combobox as HeadlessCombobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
} from '@headlessui/react';
import { CheckIcon, ChevronDownIcon, PlusIcon, XIcon } from 'lucide-react';
import { inputBaseClass } from './Field.tsx';
import { Spinner } from './Spinner.tsx';

export type ComboId = string | number;

export interface ComboOption<Id extends ComboId = ComboId> {
  id: Id;
  label: string;
  /** Indent level (categories in tree order). */
  depth?: number;
  /** A short note at the end of the row (e.g. how many books). */
  hint?: string;
}

/** The option that creates what was typed; never a real id. */
const CREATE = Symbol('create');

interface CommonProps<Id extends ComboId> {
  id?: string;
  /**
   * The input's accessible name, and the list's. When a visible <label htmlFor={id}> names the input, set
   * `labelledByCaller` so that the label alone names it.
   */
  label: string;
  labelledByCaller?: boolean;
  /** The options to show, already filtered by `query` (the caller searches: locally or on the server). */
  options: ComboOption<Id>[];
  query: string;
  onQueryChange: (q: string) => void;
  loading?: boolean;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
  required?: boolean;
  describedBy?: string;
  /** Shown in the list when no option matches. */
  emptyText?: ReactNode;
  /** Offers '+ Thêm “{query}”' when no option is named exactly what was typed. */
  onCreate?: (name: string) => void;
  creating?: boolean;
  onBlur?: () => void;
  /** A chevron button that opens the list, named so (out of the tab order); otherwise the chevron is a picture. */
  toggleLabel?: string;
  /** The list floats above everything (a portal placed under the input, kept in the viewport); otherwise it stays inside the field's box. */
  floating?: boolean;
}

export interface SingleComboboxProps<Id extends ComboId> extends CommonProps<Id> {
  multiple?: false;
  value: Id | null;
  onChange: (id: Id) => void;
  /** The chosen option's name, shown in the input while it is not being typed in. */
  labelOf: (id: Id) => string;
}

export interface MultipleComboboxProps<Id extends ComboId> extends CommonProps<Id> {
  multiple: true;
  value: Id[];
  onChange: (ids: Id[]) => void;
  /** Name of a chosen id (its chip), also when it is not among the current options. */
  labelOf: (id: Id) => string;
  /** A mark on the first chip when there are several (e.g. 'chính', the main category). */
  firstMark?: string;
}

export type ComboboxProps<Id extends ComboId> = SingleComboboxProps<Id> | MultipleComboboxProps<Id>;

/**
 * The searchable select of the app (ARIA combobox through Headless UI): type to filter, arrows to move, Enter to
 * pick, Escape closes the list only (not a dialog around it); the list opens on focus or tap, so it works by touch.
 * Single: the input shows the choice. Multiple: the choices are chips before the input, the list stays open for
 * more picks, Backspace in an empty input removes the last chip.
 */
export function Combobox<Id extends ComboId>(props: ComboboxProps<Id>) {
  const {
    id,
    label,
    labelledByCaller = false,
    options,
    query,
    onQueryChange,
    loading = false,
    disabled = false,
    placeholder = 'Tìm và chọn…',
    invalid = false,
    required,
    describedBy,
    emptyText = 'Không có kết quả',
    onCreate,
    creating = false,
    onBlur,
    toggleLabel,
    floating = true,
  } = props;
  const trimmed = query.trim();
  const canCreate = !!onCreate && trimmed !== '' && !options.some((o) => o.label.toLocaleLowerCase('vi') === trimmed.toLocaleLowerCase('vi'));

  const onPick = (next: Id | null | (Id | typeof CREATE)[] | typeof CREATE) => {
    if (next === CREATE || (Array.isArray(next) && next.includes(CREATE))) {
      onCreate?.(trimmed);
      return;
    }
    if (props.multiple) props.onChange(next as Id[]);
    // Clearing the text does not clear a single choice: only picking another one changes it.
    else if (next !== null) props.onChange(next as Id);
    onQueryChange('');
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (props.multiple && e.key === 'Backspace' && query === '' && props.value.length > 0) props.onChange(props.value.slice(0, -1));
  };

  const chevron = loading ? <Spinner className="size-4" /> : <ChevronDownIcon size={toggleLabel ? 18 : 16} />;
  const input = (
    <ComboboxInput
      id={id}
      aria-label={labelledByCaller ? undefined : label}
      aria-invalid={invalid || undefined}
      aria-required={required || undefined}
      aria-describedby={describedBy}
      autoComplete="off"
      placeholder={props.multiple && props.value.length > 0 ? '' : placeholder}
      onChange={(e) => onQueryChange(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={onBlur}
      {...(props.multiple
        ? { value: query, className: 'min-w-[8rem] flex-1 border-0 bg-transparent px-1.5 py-1 text-[15px] outline-none placeholder:text-gray-500' }
        : {
            displayValue: (v: Id | null) => (v === null ? '' : props.labelOf(v)),
            className: `${inputBaseClass} h-11 pr-10 pl-3 disabled:cursor-not-allowed disabled:text-gray-400`,
          })}
    />
  );

  return (
    <HeadlessCombobox
      value={props.value as never}
      onChange={onPick as never}
      multiple={props.multiple ?? false}
      immediate
      disabled={disabled}
      onClose={() => onQueryChange('')}
    >
      <div className="relative">
        {props.multiple ? (
          // The chips and the input share one box that looks like a field; a click anywhere in it types.
          <div
            onClick={(e) => e.currentTarget.querySelector('input')?.focus()}
            className={`flex min-h-11 w-full cursor-text flex-wrap items-center gap-1.5 rounded-lg border bg-white py-1.5 pr-9 pl-2 transition-colors focus-within:border-brand-600 focus-within:ring-3 focus-within:ring-brand-600/15 ${
              invalid ? 'border-red-500' : 'border-gray-300 hover:border-gray-400'
            }`}
          >
            {props.value.map((sid, i) => (
              <span key={sid} className="inline-flex max-w-full items-center gap-1 rounded-md bg-brand-50 py-0.5 pr-1 pl-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
                <span className="truncate">{props.labelOf(sid)}</span>
                {i === 0 && props.firstMark && props.value.length > 1 && <span className="text-[10px] font-semibold text-brand-600 uppercase">{props.firstMark}</span>}
                <button
                  type="button"
                  aria-label={`Bỏ chọn ${props.labelOf(sid)}`}
                  onClick={(e) => {
                    e.stopPropagation();
                    props.onChange(props.value.filter((x) => x !== sid));
                  }}
                  className="grid size-5 place-items-center rounded text-brand-700 hover:bg-brand-100"
                >
                  <XIcon size={12} />
                </button>
              </span>
            ))}
            {input}
          </div>
        ) : (
          input
        )}
        {toggleLabel ? (
          // Not named after the field, so that the field's label finds only the input (it is out of the tab order).
          <ComboboxButton aria-label={toggleLabel} className="absolute inset-y-0 right-0 flex w-10 items-center justify-center text-gray-500 disabled:text-gray-300">
            {chevron}
          </ComboboxButton>
        ) : (
          <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-gray-500">{chevron}</span>
        )}
      </div>
      <ComboboxOptions
        aria-label={label}
        anchor={floating ? { to: 'bottom start', gap: 4 } : undefined}
        className={
          floating
            ? // As wide as the field, scrolls inside itself, and stays above the mobile keyboard.
              'z-[70] max-h-72 w-(--input-width) min-w-72 overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 text-[15px] shadow-lg empty:invisible [--anchor-max-height:18rem]'
            : 'animate-drop-in absolute z-20 mt-1.5 max-h-64 w-full overflow-y-auto rounded-xl border border-gray-200 bg-white p-1 shadow-xl empty:invisible'
        }
      >
        {options.map((o) => (
          <ComboboxOption
            key={o.id}
            value={o.id}
            className="group flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm text-gray-800 select-none data-focus:bg-brand-50 data-focus:text-brand-800 data-selected:font-semibold data-selected:text-brand-700"
            style={o.depth ? { paddingLeft: `${0.625 + o.depth}rem` } : undefined}
          >
            <span
              className={`grid size-4 shrink-0 place-items-center rounded ${
                props.multiple ? 'border border-gray-300 group-data-selected:border-brand-600 group-data-selected:bg-brand-600 group-data-selected:text-white' : 'text-brand-700'
              }`}
            >
              <CheckIcon size={props.multiple ? 12 : 16} strokeWidth={props.multiple ? 3 : 2} className="invisible group-data-selected:visible" />
            </span>
            <span className="min-w-0 flex-1 truncate">{o.label}</span>
            {o.hint && <span className="shrink-0 text-xs text-gray-500">{o.hint}</span>}
          </ComboboxOption>
        ))}
        {canCreate && (
          <ComboboxOption
            value={CREATE}
            className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-brand-700 data-focus:bg-brand-50"
          >
            {creating ? <Spinner className="size-4" /> : <PlusIcon size={16} />} Thêm “{trimmed}”
          </ComboboxOption>
        )}
        {options.length === 0 && !canCreate && (
          <div role="status" className="px-3 py-2.5 text-sm text-gray-500">
            {loading ? 'Đang tải…' : emptyText}
          </div>
        )}
      </ComboboxOptions>
    </HeadlessCombobox>
  );
}
