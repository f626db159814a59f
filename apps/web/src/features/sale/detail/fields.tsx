import { useId, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { FieldErrorText, inputBaseClass, inputClass } from '../../../components/ui/Field.tsx';

/** Select and textarea with the same label, hint and error wiring as TextField (compact for the side forms). */

interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  containerClassName?: string;
}

function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  const describedBy = [error ? errorId : undefined, hint && !error ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return { fieldId, errorId, hintId, describedBy };
}

function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <div className="mb-1.5 flex text-sm font-medium text-gray-800">
      <label htmlFor={htmlFor}>{children}</label>
      {required && (
        <span className="ml-0.5 text-brand-700" aria-hidden="true">
          *
        </span>
      )}
    </div>
  );
}

function HintAndError({ hint, error, hintId, errorId }: { hint?: ReactNode; error?: string; hintId: string; errorId: string }) {
  return (
    <>
      {hint && !error && (
        <p id={hintId} className="mt-1.5 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldFrameProps {
  ref?: Ref<HTMLSelectElement>;
}

export function SelectField({ label, error, hint, required, containerClassName = '', className = '', id, ref, children, ...rest }: SelectFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <div className={containerClassName}>
      <Label htmlFor={ids.fieldId} required={required}>
        {label}
      </Label>
      <select
        ref={ref}
        id={ids.fieldId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={`${inputBaseClass} h-10 px-3 text-sm ${className}`}
        {...rest}
      >
        {children}
      </select>
      <HintAndError hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldFrameProps {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, required, containerClassName = '', className = '', id, ref, rows = 3, ...rest }: TextAreaFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <div className={containerClassName}>
      <Label htmlFor={ids.fieldId} required={required}>
        {label}
      </Label>
      <textarea
        ref={ref}
        id={ids.fieldId}
        rows={rows}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        aria-required={required || undefined}
        className={`${inputClass} resize-y py-2.5 text-sm ${className}`}
        {...rest}
      />
      <HintAndError hint={hint} error={error} hintId={ids.hintId} errorId={ids.errorId} />
    </div>
  );
}

/** Compact input height for the side forms (TextField's default is h-11). */
export const compactInput = '!h-10 text-sm';
