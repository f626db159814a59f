import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { EyeIcon, EyeOffIcon } from 'lucide-react';

/** Shared look of text inputs and selects, without horizontal padding (selects need less). */
export const inputBaseClass =
  'block w-full rounded-lg border border-gray-300 bg-white text-[15px] text-gray-900 placeholder:text-gray-500 transition-colors hover:border-gray-400 focus:border-brand-600 focus:outline-none focus:ring-3 focus:ring-brand-600/15 disabled:bg-gray-50 read-only:bg-gray-50 read-only:text-gray-600 aria-invalid:border-red-500 aria-invalid:focus:ring-red-500/15';
export const inputClass = `${inputBaseClass} px-3.5`;

/** What every field of the kit shows around its control: the label (a star when required), a hint, an error. */
interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  containerClassName?: string;
}

/** The control's id (given or made), and the ids of its hint and error, for aria-describedby. */
function useFieldIds(id: string | undefined, error: string | undefined, hint: ReactNode) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  // The hint is not shown while an error is: only what is on screen describes the field.
  const describedBy = [error ? errorId : undefined, hint && !error ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  return { fieldId, errorId, hintId, describedBy };
}

/** Label above, hint or error below; the control (children) is wired to them by the ids of useFieldIds. */
function FieldFrame({ label, error, hint, required, containerClassName = '', ids, children }: FieldFrameProps & { ids: ReturnType<typeof useFieldIds>; children: ReactNode }) {
  return (
    <div className={containerClassName}>
      <div className="mb-1.5 flex text-sm font-medium text-gray-800">
        <label htmlFor={ids.fieldId}>{label}</label>
        {/* Outside the label so the field's name stays exactly the label; aria-required tells screen readers. */}
        {required && (
          <span className="ml-0.5 text-brand-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children}
      {hint && !error && (
        <p id={ids.hintId} className="mt-1.5 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && <FieldErrorText id={ids.errorId}>{error}</FieldErrorText>}
    </div>
  );
}

const controlAria = (ids: ReturnType<typeof useFieldIds>, error: string | undefined, required: boolean | undefined) => ({
  id: ids.fieldId,
  'aria-invalid': error ? true : undefined,
  'aria-describedby': ids.describedBy,
  'aria-required': required || undefined,
});

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldFrameProps {
  /** Content inside the right edge of the input (e.g. a show-password button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** Label, input, hint and error text wired together with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, trailing, id, required, containerClassName, className = '', ref, ...rest }: TextFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} containerClassName={containerClassName} ids={ids}>
      <div className="relative">
        <input ref={ref} {...controlAria(ids, error, required)} className={`${inputClass} h-11 ${trailing ? 'pr-11' : ''} ${className}`} {...rest} />
        {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
      </div>
    </FieldFrame>
  );
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldFrameProps {
  ref?: Ref<HTMLSelectElement>;
}

/** A select in the field frame (compact: the back office's side forms). */
export function SelectField({ label, error, hint, required, containerClassName, className = '', id, ref, children, ...rest }: SelectFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} containerClassName={containerClassName} ids={ids}>
      <select ref={ref} {...controlAria(ids, error, required)} className={`${inputBaseClass} h-10 px-3 text-sm ${className}`} {...rest}>
        {children}
      </select>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldFrameProps {
  ref?: Ref<HTMLTextAreaElement>;
}

/** A textarea in the field frame, three rows unless told. */
export function TextAreaField({ label, error, hint, required, containerClassName, className = '', id, ref, rows = 3, ...rest }: TextAreaFieldProps) {
  const ids = useFieldIds(id, error, hint);
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} containerClassName={containerClassName} ids={ids}>
      <textarea ref={ref} {...controlAria(ids, error, required)} rows={rows} className={`${inputClass} resize-y py-2.5 text-sm ${className}`} {...rest} />
    </FieldFrame>
  );
}

/** Compact input height for the side forms (TextField's default is h-11). */
export const compactInput = '!h-10 text-sm';

export function FieldErrorText({ id, children }: { id?: string; children: ReactNode }) {
  return (
    <p id={id} className="mt-1.5 text-[13px] font-medium text-red-600">
      {children}
    </p>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>) {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? 'Ẩn mật khẩu' : 'Hiện mật khẩu'}
          aria-pressed={visible}
          className="grid size-9 place-items-center rounded-md text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}
