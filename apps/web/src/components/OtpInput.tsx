import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@nhasach/shared';

export interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  length?: number;
  disabled?: boolean;
  invalid?: boolean;
  /** id of the error text, for aria-describedby. */
  describedBy?: string;
  autoFocus?: boolean;
  /** Name of the group for screen readers. */
  label?: string;
}

/**
 * One box per digit. Typing moves forward, Backspace moves back, arrows move, and pasting or the
 * browser's one-time-code autofill spreads a whole code over the boxes.
 */
export function OtpInput({
  value,
  onChange,
  length = OTP_LENGTH,
  disabled,
  invalid,
  describedBy,
  autoFocus,
  label = `Mã OTP ${OTP_LENGTH} chữ số`,
}: OtpInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  // The newest value, also between a change and the re-render (focus moves before the parent re-renders).
  const latest = useRef(value);
  useEffect(() => {
    latest.current = value;
  }, [value]);
  const emit = (next: string) => {
    latest.current = next;
    onChange(next);
  };
  const focusBox = (i: number) => {
    const el = refs.current[Math.max(0, Math.min(length - 1, i))];
    el?.focus();
    el?.select();
  };

  const fillFrom = (start: number, digits: string) => {
    const value = latest.current;
    const from = digits.length >= length ? 0 : Math.min(start, value.length);
    const next = (value.slice(0, from) + digits).slice(0, length);
    emit(next);
    focusBox(next.length >= length ? length - 1 : next.length);
  };

  const setDigit = (i: number, raw: string) => {
    const value = latest.current;
    const digits = raw.replace(/\D/g, '');
    if (digits.length === 0) {
      emit(value.slice(0, i) + value.slice(i + 1));
      return;
    }
    if (digits.length > 1) {
      // Autofill or a typed digit added to an already-filled box: keep only what is new.
      const current = value[i] ?? '';
      const fresh = digits.length === 2 && current && digits.includes(current) ? digits.replace(current, '') : digits;
      if (fresh.length > 1) {
        fillFrom(i, fresh);
        return;
      }
      emit((value.slice(0, i) + fresh + value.slice(i + 1)).slice(0, length));
      focusBox(i + 1);
      return;
    }
    const pos = Math.min(i, value.length);
    emit((value.slice(0, pos) + digits + value.slice(pos + 1)).slice(0, length));
    focusBox(pos + 1);
  };

  const onKeyDown = (i: number, e: KeyboardEvent<HTMLInputElement>) => {
    const value = latest.current;
    if (e.key === 'Backspace' && !value[i] && i > 0) {
      e.preventDefault();
      emit(value.slice(0, i - 1) + value.slice(i));
      focusBox(i - 1);
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault();
      focusBox(i - 1);
    } else if (e.key === 'ArrowRight') {
      e.preventDefault();
      focusBox(Math.min(i + 1, value.length));
    }
  };

  const onPaste = (i: number, e: ClipboardEvent<HTMLInputElement>) => {
    const digits = e.clipboardData.getData('text').replace(/\D/g, '');
    if (!digits) return;
    e.preventDefault();
    fillFrom(i, digits);
  };

  return (
    <div role="group" aria-label={label} aria-describedby={describedBy} className="flex justify-between gap-2 sm:gap-3">
      {Array.from({ length }, (_, i) => (
        <input
          key={i}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={i === 0 ? 'one-time-code' : 'off'}
          aria-label={`Chữ số ${i + 1} của mã OTP`}
          aria-invalid={invalid || undefined}
          // Only the first box is focused on load; typing then moves forward.
          autoFocus={autoFocus && i === 0}
          disabled={disabled}
          value={value[i] ?? ''}
          onChange={(e) => setDigit(i, e.target.value)}
          onKeyDown={(e) => onKeyDown(i, e)}
          onPaste={(e) => onPaste(i, e)}
          onFocus={(e) => {
            // Boxes fill left to right: jump to the first empty one.
            if (i > latest.current.length) focusBox(latest.current.length);
            else e.target.select();
          }}
          className="h-13 w-full min-w-0 max-w-14 rounded-xl border border-gray-300 bg-white text-center text-xl font-bold text-gray-900 tabular-nums transition-colors hover:border-gray-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/15 disabled:bg-gray-100 aria-invalid:border-red-500"
        />
      ))}
    </div>
  );
}
