import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame, inputBaseClass, type FieldFrameProps } from './Field.tsx';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldFrameProps {
  ref?: Ref<HTMLSelectElement>;
}

/** A select in the field frame (compact: the back office's side forms). */
export function SelectField({ label, error, hint, required, containerClassName, className = '', id, ref, children, ...rest }: SelectFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} containerClassName={containerClassName}>
      {(aria) => (
        <select ref={ref} {...aria} className={`${inputBaseClass} h-10 px-3 text-sm ${className}`} {...rest}>
          {children}
        </select>
      )}
    </FieldFrame>
  );
}
