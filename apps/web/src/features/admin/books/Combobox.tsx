import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { CheckIcon, ChevronDownIcon, PlusIcon, XIcon } from 'lucide-react';
import { Spinner } from '../../../components/ui/Spinner.tsx';

export interface ComboOption {
  id: number;
  label: string;
  /** Indent level (categories). */
  depth?: number;
  hint?: string;
}

export interface ComboboxProps {
  id?: string;
  /** Accessible name of the text input (the visible label is rendered by the caller with htmlFor). */
  label: string;
  options: ComboOption[];
  selected: number[];
  /** Label of a selected id (chips and the single value), also when it is not among the current options. */
  labelOf: (id: number) => string;
  onChange: (ids: number[]) => void;
  multiple?: boolean;
  query: string;
  onQueryChange: (q: string) => void;
  loading?: boolean;
  placeholder?: string;
  invalid?: boolean;
  describedBy?: string;
  /** Offers '+ Thêm "{query}"' when nothing matches exactly. */
  onCreate?: (name: string) => void;
  creating?: boolean;
  emptyText?: string;
}

/**
 * A searchable select (single or multiple) following the ARIA combobox pattern: type to filter, arrows to
 * move, Enter to pick, Escape to close, Backspace on an empty input removes the last chip.
 */
export function Combobox({
  id,
  label,
  options,
  selected,
  labelOf,
  onChange,
  multiple = false,
  query,
  onQueryChange,
  loading = false,
  placeholder = 'Tìm và chọn…',
  invalid = false,
  describedBy,
  onCreate,
  creating = false,
  emptyText = 'Không có kết quả',
}: ComboboxProps) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const autoId = useId();
  const inputId = id ?? autoId;
  const trimmed = query.trim();
  const canCreate = !!onCreate && trimmed !== '' && !options.some((o) => o.label.toLowerCase() === trimmed.toLowerCase());
  const count = options.length + (canCreate ? 1 : 0);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    // Escape closes the list only, not the dialog around it: the dialog's focus trap listens on the document in
    // the capture phase, so this listener sits before it, on the window.
    const onKey = (e: globalThis.KeyboardEvent) => {
      if (e.key === 'Escape' && rootRef.current?.contains(document.activeElement)) {
        e.stopPropagation();
        setOpen(false);
      }
    };
    document.addEventListener('mousedown', onDown);
    window.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('mousedown', onDown);
      window.removeEventListener('keydown', onKey, true);
    };
  }, [open]);

  const toggle = (optionId: number) => {
    if (multiple) {
      onChange(selected.includes(optionId) ? selected.filter((x) => x !== optionId) : [...selected, optionId]);
      onQueryChange('');
    } else {
      onChange([optionId]);
      onQueryChange('');
      setOpen(false);
    }
  };

  const choose = (index: number) => {
    if (index < options.length) {
      const o = options[index];
      if (o) toggle(o.id);
    } else if (canCreate) {
      onCreate?.(trimmed);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (count === 0 ? 0 : (a + 1) % count));
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      setActive((a) => (count === 0 ? 0 : (a - 1 + count) % count));
    } else if (e.key === 'Enter') {
      if (open && count > 0) {
        e.preventDefault();
        choose(Math.min(active, count - 1));
      }
    } else if (e.key === 'Backspace' && query === '' && multiple && selected.length > 0) {
      onChange(selected.slice(0, -1));
    }
  };

  const single = !multiple && selected[0] !== undefined ? labelOf(selected[0]) : '';
  const activeId = open && count > 0 ? `${listId}-${Math.min(active, count - 1)}` : undefined;

  return (
    <div ref={rootRef} className="relative">
      <div
        onClick={() => {
          inputRef.current?.focus();
          setOpen(true);
        }}
        className={`flex min-h-11 w-full cursor-text flex-wrap items-center gap-1.5 rounded-lg border bg-white py-1.5 pr-9 pl-2 transition-colors focus-within:border-brand-600 focus-within:ring-3 focus-within:ring-brand-600/15 ${
          invalid ? 'border-red-500' : 'border-gray-300 hover:border-gray-400'
        }`}
      >
        {multiple &&
          selected.map((sid, i) => (
            <span key={sid} className="inline-flex max-w-full items-center gap-1 rounded-md bg-brand-50 py-0.5 pr-1 pl-2 text-sm font-medium text-brand-800 ring-1 ring-brand-200">
              <span className="truncate">{labelOf(sid)}</span>
              {i === 0 && selected.length > 1 && <span className="text-[10px] font-semibold text-brand-600 uppercase">chính</span>}
              <button
                type="button"
                aria-label={`Bỏ chọn ${labelOf(sid)}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onChange(selected.filter((x) => x !== sid));
                }}
                className="grid size-5 place-items-center rounded text-brand-700 hover:bg-brand-100"
              >
                <XIcon size={12} />
              </button>
            </span>
          ))}
        <input
          ref={inputRef}
          id={inputId}
          role="combobox"
          aria-label={label}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          value={query}
          placeholder={single || (multiple && selected.length > 0 ? '' : placeholder)}
          onChange={(e) => {
            onQueryChange(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          className={`min-w-[8rem] flex-1 border-0 bg-transparent px-1.5 py-1 text-[15px] outline-none ${single && !query ? 'placeholder:text-gray-900' : 'placeholder:text-gray-500'}`}
        />
        <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-gray-500">
          {loading ? <Spinner className="size-4" /> : <ChevronDownIcon size={16} />}
        </span>
      </div>
      {open && (
        <ul
          id={listId}
          role="listbox"
          aria-label={label}
          aria-multiselectable={multiple || undefined}
          className="animate-drop-in absolute z-20 mt-1.5 max-h-64 w-full overflow-y-auto rounded-xl border border-gray-200 bg-white p-1 shadow-xl"
        >
          {options.map((o, i) => {
            const isSel = selected.includes(o.id);
            return (
              <li
                key={o.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={isSel}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => toggle(o.id)}
                onMouseEnter={() => setActive(i)}
                className={`flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm ${i === active ? 'bg-gray-100' : ''} ${isSel ? 'font-semibold text-brand-700' : 'text-gray-800'}`}
                style={o.depth ? { paddingLeft: `${0.625 + o.depth * 1}rem` } : undefined}
              >
                <span
                  className={`grid size-4 shrink-0 place-items-center rounded ${
                    multiple ? (isSel ? 'border border-brand-600 bg-brand-600 text-white' : 'border border-gray-300') : 'text-brand-700'
                  }`}
                >
                  {isSel && <CheckIcon size={12} strokeWidth={3} />}
                </span>
                <span className="min-w-0 flex-1 truncate">{o.label}</span>
                {o.hint && <span className="shrink-0 text-xs text-gray-500">{o.hint}</span>}
              </li>
            );
          })}
          {canCreate && (
            <li
              id={`${listId}-${options.length}`}
              role="option"
              aria-selected={false}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onCreate?.(trimmed)}
              onMouseEnter={() => setActive(options.length)}
              className={`flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-sm font-medium text-brand-700 ${active === options.length ? 'bg-brand-50' : ''}`}
            >
              {creating ? <Spinner className="size-4" /> : <PlusIcon size={16} />} Thêm “{trimmed}”
            </li>
          )}
          {count === 0 && <li className="px-3 py-3 text-center text-sm text-gray-500">{loading ? 'Đang tải…' : emptyText}</li>}
        </ul>
      )}
    </div>
  );
}
