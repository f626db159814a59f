import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { EyeIcon, EyeOffIcon } from 'lucide-react';
import { inputClass } from './inputClass.ts';

export { inputBaseClass, inputClass } from './inputClass.ts';

/** What every field of the kit shows around its control: the label (a star when required), a hint, an error. */
export interface FieldFrameProps {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  containerClassName?: string;
}

/** The attributes that tie a control to its frame: its id, and its hint or error as its description. */
export interface ControlAria {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

/** Label above, hint or error below; `children` draws the control with the attributes that tie it to them. */
export function FieldFrame({ id, label, error, hint, required, containerClassName = '', children }: FieldFrameProps & { id?: string; children: (aria: ControlAria) => ReactNode }) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = `${fieldId}-error`;
  const hintId = `${fieldId}-hint`;
  // The hint is not shown while an error is: only what is on screen describes the field.
  const showHint = hint && !error;
  return (
    <div className={containerClassName}>
      <div className="mb-1.5 flex text-sm font-medium text-gray-800">
        <label htmlFor={fieldId}>{label}</label>
        {/* Outside the label so the field's name stays exactly the label; aria-required tells screen readers. */}
        {required && (
          <span className="ml-0.5 text-brand-700" aria-hidden="true">
            *
          </span>
        )}
      </div>
      {children({
        id: fieldId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : showHint ? hintId : undefined,
        'aria-required': required || undefined,
      })}
      {showHint && (
        <p id={hintId} className="mt-1.5 text-xs text-gray-500">
          {hint}
        </p>
      )}
      {error && <FieldErrorText id={errorId}>{error}</FieldErrorText>}
    </div>
  );
}

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldFrameProps {
  /** Content inside the right edge of the input (e.g. a show-password button). */
  trailing?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** Label, input, hint and error text wired together with aria-invalid and aria-describedby. */
export function TextField({ label, error, hint, trailing, id, required, containerClassName, className = '', ref, ...rest }: TextFieldProps) {
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} required={required} containerClassName={containerClassName}>
      {(aria) => (
        <div className="relative">
          <input ref={ref} {...aria} className={`${inputClass} h-11 ${trailing ? 'pr-11' : ''} ${className}`} {...rest} />
          {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
        </div>
      )}
    </FieldFrame>
  );
}

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
