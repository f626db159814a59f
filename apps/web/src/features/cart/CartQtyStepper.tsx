import { useEffect, useId, useState } from 'react';
import { QTY_MAX } from '@nhasach/shared';
import { MinusIcon, PlusIcon } from '../../components/icons.tsx';

export interface CartQtyStepperProps {
  value: number;
  /** The stock left; plus stops there or at 99 (spec section 5). */
  stockAvailable: number;
  disabled?: boolean;
  /** The new quantity; 0 means the shopper wants the line gone (the page confirms first). */
  onCommit: (qty: number) => void;
  title: string;
}

const btn =
  'grid size-9 place-items-center text-gray-700 transition-colors hover:bg-gray-100 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-gray-300 disabled:hover:bg-transparent focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600';

/**
 * The cart line's quantity: minus, digits, plus. Unlike the product page's selector it can go to 0 (remove),
 * and a typed value is sent when the field is left or Enter is pressed, not on every key.
 */
export function CartQtyStepper({ value, stockAvailable, disabled = false, onCommit, title }: CartQtyStepperProps) {
  const id = useId();
  const top = Math.max(0, Math.min(QTY_MAX, stockAvailable));
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);

  const commitText = () => {
    if (text === '') {
      setText(String(value));
      return;
    }
    const n = Math.min(Number(text), Math.max(top, 0));
    // Typing more than the stock takes the most there is; 0 asks to remove.
    const next = Number(text) === 0 ? 0 : Math.max(1, n);
    setText(String(next === 0 ? value : next));
    if (next !== value) onCommit(next);
  };

  return (
    <div className={`inline-flex items-center overflow-hidden rounded-lg border ${disabled ? 'border-gray-200 bg-gray-50' : 'border-gray-300 bg-white'}`}>
      <label htmlFor={id} className="sr-only">
        Số lượng của “{title}”
      </label>
      <button type="button" className={btn} aria-label={`Giảm số lượng “${title}”`} disabled={disabled} onClick={() => onCommit(value - 1)}>
        <MinusIcon size={15} />
      </button>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        pattern="[0-9]*"
        maxLength={2}
        disabled={disabled}
        value={text}
        onChange={(e) => setText(e.target.value.replace(/\D/g, '').slice(0, 2))}
        onBlur={commitText}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            commitText();
          }
        }}
        className="h-9 w-11 border-x border-gray-200 text-center text-sm font-semibold text-gray-900 focus:bg-brand-50/50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 disabled:bg-transparent disabled:text-gray-400"
      />
      <button type="button" className={btn} aria-label={`Tăng số lượng “${title}”`} disabled={disabled || value >= top} onClick={() => onCommit(value + 1)}>
        <PlusIcon size={15} />
      </button>
    </div>
  );
}
