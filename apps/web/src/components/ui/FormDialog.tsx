import { useId, useMemo, useRef, type MutableRefObject, type ReactNode } from 'react';
import { CloseButton } from './CloseButton.tsx';
import { Dialog } from './Dialog.tsx';
import { DialogButtons } from './DialogButtons.tsx';

const FIRST_FIELD = 'input:not([type="hidden"]):not([type="file"]):not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * A large dialog for forms: header, a scrolling body and a footer that stays visible. Escape and a click outside
 * close it (unless `busy`). The first field takes the focus when there is one (a form), else the body, never the
 * close button.
 */
export function FormDialog({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  submit,
  widthClass = 'max-w-4xl',
  busy = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** What the footer holds before 'Huỷ' and the submit button (or instead of them without `submit`). */
  footer?: ReactNode;
  /** The footer's submit button of the form `form`: its label, and its label while `busy`. */
  submit?: { form: string; label: ReactNode; busyText: ReactNode };
  widthClass?: string;
  busy?: boolean;
}) {
  const bodyRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const close = () => {
    if (!busy) onClose();
  };
  // Read when the dialog takes the focus, once its body is on the page.
  const firstField = useMemo<MutableRefObject<HTMLElement | null>>(
    () => ({
      get current() {
        return bodyRef.current?.querySelector<HTMLElement>(FIRST_FIELD) ?? bodyRef.current;
      },
      set current(_: HTMLElement | null) {},
    }),
    [],
  );
  return (
    <Dialog
      open={open}
      onClose={close}
      initialFocus={firstField}
      labelledBy={titleId}
      className="z-[60] flex items-end justify-center sm:items-center sm:p-4"
      backdropClassName="bg-gray-950/50 backdrop-blur-[2px]"
      panelClassName={`animate-pop-in relative flex max-h-[94dvh] w-full ${widthClass} flex-col rounded-t-2xl bg-white shadow-2xl outline-none sm:max-h-[90dvh] sm:rounded-2xl`}
    >
      <div className="flex shrink-0 items-start justify-between gap-3 border-b border-gray-100 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-bold text-gray-900">
            {title}
          </h2>
          {description && <p className="mt-0.5 text-sm text-gray-500">{description}</p>}
        </div>
        <CloseButton onClick={close} disabled={busy} />
      </div>
      <div ref={bodyRef} tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto px-5 py-5 outline-none sm:px-6">
        {children}
      </div>
      {(footer || submit) && (
        <div className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-gray-100 bg-gray-50/60 px-5 py-3.5 sm:rounded-b-2xl sm:px-6">
          {footer}
          {submit && (
            <DialogButtons onCancel={close} type="submit" form={submit.form} busy={busy} busyText={submit.busyText}>
              {submit.label}
            </DialogButtons>
          )}
        </div>
      )}
    </Dialog>
  );
}
