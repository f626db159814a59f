import { useId, useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../lib/useFocusTrap.ts';
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
  const panelRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const descId = useId();
  useFocusTrap(panelRef, open, onClose, initialFocus);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-[60] flex items-end justify-center p-0 sm:items-center sm:p-4">
      <div className="animate-fade-in absolute inset-0 bg-gray-950/50 backdrop-blur-[2px]" onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descId : undefined}
        tabIndex={-1}
        className={`animate-pop-in relative w-full ${widthClass} rounded-t-2xl bg-white p-6 shadow-2xl outline-none sm:rounded-2xl`}
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
      </div>
    </div>,
    document.body,
  );
}
