import { useId, type ReactNode, type RefObject } from 'react';
import { DialogShell } from './DialogShell.tsx';
import { CloseIcon } from './icons.tsx';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Field to focus first; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  widthClass?: string;
}

/** A modal dialog: aria-modal, labelled by its title, focus trapped, Escape and the backdrop close it. */
export function Modal({ open, onClose, title, description, children, initialFocus, widthClass = 'max-w-md' }: ModalProps) {
  const titleId = useId();
  const descId = useId();
  return (
    <DialogShell
      open={open}
      onClose={onClose}
      initialFocus={initialFocus}
      labelledBy={titleId}
      describedBy={description ? descId : undefined}
      className="z-[60] flex items-end justify-center p-0 sm:items-center sm:p-4"
      backdropClassName="bg-gray-950/50 backdrop-blur-[2px]"
      panelClassName={`animate-pop-in relative w-full ${widthClass} rounded-t-2xl bg-white p-6 shadow-2xl outline-none sm:rounded-2xl`}
    >
      <button
        type="button"
        onClick={onClose}
        aria-label="Đóng"
        className="absolute top-3 right-3 grid size-9 place-items-center rounded-full text-gray-500 hover:bg-gray-100 hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <CloseIcon size={18} />
      </button>
      <h2 id={titleId} className="pr-8 text-lg font-bold text-gray-900">
        {title}
      </h2>
      {description && (
        <p id={descId} className="mt-1.5 text-sm text-gray-600">
          {description}
        </p>
      )}
      <div className="mt-5">{children}</div>
    </DialogShell>
  );
}
