import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../lib/useFocusTrap.ts';
import { CloseIcon } from './icons.tsx';

/** A panel sliding in from the left (mobile filters): modal, focus trapped, Escape and the backdrop close it. */
export function Drawer({ open, onClose, title, children, footer }: { open: boolean; onClose: () => void; title: string; children: ReactNode; footer?: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  useFocusTrap(ref, open, onClose);
  if (!open) return null;
  return createPortal(
    <div className="fixed inset-0 z-[60]">
      <div className="animate-fade-in absolute inset-0 bg-gray-950/50" onClick={onClose} aria-hidden="true" />
      <div
        ref={ref}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className="animate-slide-in absolute inset-y-0 left-0 flex w-[min(88vw,360px)] flex-col bg-white shadow-2xl outline-none"
      >
        <div className="flex h-14 shrink-0 items-center justify-between border-b border-gray-100 px-4">
          <h2 id={titleId} className="text-base font-bold text-gray-900">
            {title}
          </h2>
          <button type="button" onClick={onClose} aria-label="Đóng" className="grid size-9 place-items-center rounded-full text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600">
            <CloseIcon size={18} />
          </button>
        </div>
        <div className="flex-1 overflow-y-auto p-4">{children}</div>
        {footer && <div className="shrink-0 border-t border-gray-100 p-4">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
