import { useEffect, useId, useState } from 'react';
import { QTY_MAX, QTY_MIN } from '@nhasach/shared';
import { MinusIcon, PlusIcon } from './icons.tsx';

export interface QuantityInputProps {
  value: number;
  onChange: (qty: number) => void;
  /** Upper bound below 99, e.g. the stock left. */
  max?: number;
  disabled?: boolean;
  label?: string;
}

/** Clamps to 1..min(99, max) (spec sections 5 and 9). */
export function clampQty(n: number, max: number = QTY_MAX): number {
  const top = Math.max(QTY_MIN, Math.min(QTY_MAX, max));
  if (!Number.isFinite(n)) return QTY_MIN;
  return Math.min(top, Math.max(QTY_MIN, Math.trunc(n)));
}

/** Quantity stepper: digits only, 1 to 99 and never above `max`. */
export function QuantityInput({ value, onChange, max = QTY_MAX, disabled = false, label = 'Số lượng' }: QuantityInputProps) {
  const id = useId();
  const top = Math.max(QTY_MIN, Math.min(QTY_MAX, max));
  // The text while typing ('' is allowed until the field loses focus).
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const btn =
    'grid size-10 place-items-center text-gray-700 transition-colors hover:bg-gray-100 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600';
  return (
    <div className="inline-flex items-center">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <div className={`inline-flex items-center overflow-hidden rounded-lg border ${disabled ? 'border-gray-200 bg-gray-50' : 'border-gray-300 bg-white'}`}>
        <button type="button" className={btn} aria-label="Giảm số lượng" disabled={disabled || value <= QTY_MIN} onClick={() => onChange(clampQty(value - 1, top))}>
          <MinusIcon size={16} />
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
            if (digits) onChange(clampQty(Number(digits), top));
          }}
          onBlur={() => setText(String(clampQty(Number(text || value), top)))}
          className="h-10 w-12 border-x border-gray-200 text-center text-sm font-semibold text-gray-900 focus:bg-brand-50/40 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:bg-transparent disabled:text-gray-400"
        />
        <button type="button" className={btn} aria-label="Tăng số lượng" disabled={disabled || value >= top} onClick={() => onChange(clampQty(value + 1, top))}>
          <PlusIcon size={16} />
        </button>
      </div>
    </div>
  );
}
