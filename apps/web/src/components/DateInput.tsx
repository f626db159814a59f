import type { ChangeEvent, InputHTMLAttributes, Ref } from 'react';
import { maskDateInput } from '@nhasach/shared';
import { inputClass } from './ui/Field.tsx';

export interface DateInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** dd/mm/yyyy HH:mm instead of dd/mm/yyyy. */
  withTime?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A date (or date and time) typed as dd/mm/yyyy (HH:mm) whatever the browser's language: a text field whose
 * slashes, space and colon are put in as the digits are typed. A native date input would follow the browser's
 * locale (mm/dd/yyyy in an English browser). Works with react-hook-form's register (uncontrolled) and controlled.
 */
export function DateInput({ withTime = false, onChange, className = '', placeholder, ref, ...rest }: DateInputProps) {
  const handle = (e: ChangeEvent<HTMLInputElement>) => {
    const masked = maskDateInput(e.currentTarget.value, withTime);
    if (masked !== e.currentTarget.value) e.currentTarget.value = masked;
    onChange?.(e);
  };
  return (
    <input
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      maxLength={withTime ? 16 : 10}
      placeholder={placeholder ?? (withTime ? 'dd/mm/yyyy hh:mm' : 'dd/mm/yyyy')}
      onChange={handle}
      className={`${inputClass} h-11 tabular-nums ${className}`}
      {...rest}
    />
  );
}

/**
 * The same mask for a field drawn by another component (TextField): wraps a react-hook-form registration so what
 * is typed becomes dd/mm/yyyy (HH:mm) before the form reads it.
 */
export function withDateMask<T extends { onChange: (e: ChangeEvent<HTMLInputElement>) => unknown }>(registration: T, withTime = false): T {
  return {
    ...registration,
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const masked = maskDateInput(e.currentTarget.value, withTime);
      if (masked !== e.currentTarget.value) e.currentTarget.value = masked;
      return registration.onChange(e);
    },
  };
}
