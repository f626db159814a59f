import type { Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, inputClass, type FieldFrameProps } from './Field.tsx';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldFrameProps {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A textarea in the field frame, three rows unless told. */
export function TextAreaField({ label, error, hint, required, containerClassName, className = '', id, ref, rows = 3, ...rest }: TextAreaFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} containerClassName={containerClassName}>
      {(aria) => <textarea ref={ref} {...aria} rows={rows} className={`${inputClass} resize-y py-2.5 text-sm ${className}`} {...rest} />}
    </FieldFrame>
  );
}
