import { Suspense, useId, useRef, type MutableRefObject, type ReactNode } from 'react';
import { XIcon } from 'lucide-react';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { Button, buttonClass } from './Button.tsx';

const DialogFrame = lazyComponent(async () => (await import('./DialogFrame.tsx')).DialogFrame);

export interface DialogProps {
  open: boolean;
  onClose: () => void;
  /** Element to focus first; the first focusable element otherwise. */
  initialFocus?: MutableRefObject<HTMLElement | null>;
  /** The id of the visible title, or `label` when there is none. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** Layer and placement of the full-screen wrapper (z-index, flex alignment, padding). */
  className: string;
  /** Colour and blur of the backdrop. */
  backdropClassName: string;
  panelClassName: string;
  children: ReactNode;
}

/**
 * Every overlay of the app (modal, drawer, form dialog, menu drawer, intro): nothing while closed; open, the
 * Headless UI dialog of DialogFrame, loaded on first open so that no page's first load carries it.
 */
export function Dialog({ open, ...props }: DialogProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DialogFrame {...props} />
    </Suspense>
  );
}

/** The round close button of a dialog's corner. */
export function CloseButton({ onClick, label = 'Đóng', disabled, className = '' }: { onClick: () => void; label?: string; disabled?: boolean; className?: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      disabled={disabled}
      className={`grid size-9 shrink-0 place-items-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40 ${className}`}
    >
      <XIcon size={18} />
    </button>
  );
}

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Field to focus first; the first focusable element otherwise. */
  initialFocus?: MutableRefObject<HTMLElement | null>;
  widthClass?: string;
}

/** A modal dialog: labelled by its title, a sheet from the bottom on a phone, centred on larger screens. */
export function Modal({ open, onClose, title, description, children, initialFocus, widthClass = 'max-w-md' }: ModalProps) {
  const titleId = useId();
  const descId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      initialFocus={initialFocus}
      labelledBy={titleId}
      describedBy={description ? descId : undefined}
      className="z-[60] flex items-end justify-center p-0 sm:items-center sm:p-4"
      backdropClassName="bg-gray-950/50 backdrop-blur-[2px]"
      panelClassName={`animate-pop-in relative w-full ${widthClass} rounded-t-2xl bg-white p-6 shadow-2xl outline-none sm:rounded-2xl`}
    >
      <CloseButton onClick={onClose} className="absolute top-3 right-3" />
      <h2 id={titleId} className="pr-8 text-lg font-bold text-gray-900">
        {title}
      </h2>
      {description && (
        <p id={descId} className="mt-1.5 text-sm text-gray-600">
          {description}
        </p>
      )}
      <div className="mt-5">{children}</div>
    </Dialog>
  );
}

/** A panel sliding in from the left (mobile filters). */
export function Drawer({ open, onClose, title, children, footer }: { open: boolean; onClose: () => void; title: string; children: ReactNode; footer?: ReactNode }) {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      labelledBy={titleId}
      className="z-[60]"
      backdropClassName="bg-gray-950/50"
      panelClassName="animate-slide-in absolute inset-y-0 left-0 flex w-[min(88vw,360px)] flex-col bg-white shadow-2xl outline-none"
    >
      <div className="flex h-14 shrink-0 items-center justify-between border-b border-gray-100 px-4">
        <h2 id={titleId} className="text-base font-bold text-gray-900">
          {title}
        </h2>
        <CloseButton onClick={onClose} />
      </div>
      <div className="flex-1 overflow-y-auto p-4">{children}</div>
      {footer && <div className="shrink-0 border-t border-gray-100 p-4">{footer}</div>}
    </Dialog>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Red confirm button for destructive actions. */
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question in a modal; the safe answer ('Huỷ') has the focus first. */
export function ConfirmDialog({ open, title, description, confirmText = 'Đồng ý', cancelText = 'Huỷ', danger = false, busy = false, onConfirm, onClose }: ConfirmDialogProps) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <Modal open={open} onClose={busy ? () => undefined : onClose} title={title} description={description} initialFocus={cancelRef}>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <button ref={cancelRef} type="button" className={buttonClass('outline', 'md')} onClick={onClose} disabled={busy}>
          {cancelText}
        </button>
        <Button onClick={onConfirm} busy={busy} className={danger ? '!bg-red-700 hover:!bg-red-800' : ''}>
          {confirmText}
        </Button>
      </div>
    </Modal>
  );
}
