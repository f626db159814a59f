import { useEffect, useId, useState } from 'react';
import { QTY_MAX, QTY_MIN } from '@nhasach/shared';
import { MinusIcon, PlusIcon } from 'lucide-react';

/** Clamps to 1..min(99, max) (spec sections 5 and 9). */
export function clampQty(n: number, max: number = QTY_MAX): number {
  const top = Math.max(QTY_MIN, Math.min(QTY_MAX, max));
  if (!Number.isFinite(n)) return QTY_MIN;
  return Math.min(top, Math.max(QTY_MIN, Math.trunc(n)));
}

export interface QuantityStepperProps {
  value: number;
  /** The stock left: plus stops there or at 99. */
  max?: number;
  disabled?: boolean;
  /**
   * 'live' (the product page): 1 to max, every typed digit is the new quantity.
   * 'commit' (a cart line): minus may reach 0 (the page then asks to remove the line), a typed value is sent when
   * the field is left or Enter is pressed, not on every key; more than the stock takes the most there is.
   */
  mode?: 'live' | 'commit';
  /** The book's title in the controls' names, where several steppers share a page (the cart). */
  itemName?: string;
  size?: 'md' | 'sm';
  onChange: (qty: number) => void;
}

const SIZES = {
  md: { button: 'size-10', input: 'h-10 w-12', icon: 16 },
  sm: { button: 'size-9', input: 'h-9 w-11', icon: 15 },
};

/** Quantity stepper: minus, digits, plus; digits only (spec sections 5 and 9). */
export function QuantityStepper({ value, max = QTY_MAX, disabled = false, mode = 'live', itemName, size = 'md', onChange }: QuantityStepperProps) {
  const id = useId();
  const live = mode === 'live';
  const top = live ? Math.max(QTY_MIN, Math.min(QTY_MAX, max)) : Math.max(0, Math.min(QTY_MAX, max));
  // The text while typing ('' is allowed until the field loses focus).
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const of = itemName ? ` “${itemName}”` : '';
  const s = SIZES[size];
  const btn = `grid ${s.button} place-items-center text-gray-700 transition-colors hover:bg-gray-100 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600`;

  const commitText = () => {
    if (live) {
      setText(String(clampQty(Number(text || value), top)));
      return;
    }
    if (text === '') {
      setText(String(value));
      return;
    }
    const next = Number(text) === 0 ? 0 : Math.max(1, Math.min(Number(text), top));
    setText(String(next === 0 ? value : next));
    if (next !== value) onChange(next);
  };

  return (
    <div className={`inline-flex items-center overflow-hidden rounded-lg border ${disabled ? 'border-gray-200 bg-gray-50' : 'border-gray-300 bg-white'}`}>
      <label htmlFor={id} className="sr-only">
        {itemName ? `Số lượng của${of}` : 'Số lượng'}
      </label>
      <button
        type="button"
        className={btn}
        aria-label={`Giảm số lượng${of}`}
        disabled={disabled || (live && value <= QTY_MIN)}
        onClick={() => onChange(live ? clampQty(value - 1, top) : value - 1)}
      >
        <MinusIcon size={s.icon} />
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={2}
        disabled={disabled}
        value={text}
        onChange={(e) => {
          const digits = e.target.value.replace(/\D/g, '').slice(0, 2);
          setText(digits);
          if (live && digits) onChange(clampQty(Number(digits), top));
        }}
        onBlur={commitText}
        onKeyDown={(e) => {
          if (!live && e.key === 'Enter') {
            e.preventDefault();
            commitText();
          }
        }}
        className={`${s.input} border-x border-gray-200 text-center text-sm font-semibold text-gray-900 focus:bg-brand-50/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:bg-transparent disabled:text-gray-400`}
      />
      <button
        type="button"
        className={btn}
        aria-label={`Tăng số lượng${of}`}
        disabled={disabled || value >= top}
        onClick={() => onChange(live ? clampQty(value + 1, top) : value + 1)}
      >
        <PlusIcon size={s.icon} />
      </button>
    </div>
  );
}
