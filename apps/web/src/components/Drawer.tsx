import { useId, type ReactNode } from 'react';
import { DialogShell } from './DialogShell.tsx';
import { CloseIcon } from './icons.tsx';

/** A panel sliding in from the left (mobile filters): modal, focus trapped, Escape and the backdrop close it. */
export function Drawer({ open, onClose, title, children, footer }: { open: boolean; onClose: () => void; title: string; children: ReactNode; footer?: ReactNode }) {
  const titleId = useId();
  return (
    <DialogShell
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
        <button type="button" onClick={onClose} aria-label="Đóng" className="grid size-9 place-items-center rounded-full text-gray-500 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600">
          <CloseIcon size={18} />
        </button>
      </div>
      <div className="flex-1 overflow-y-auto p-4">{children}</div>
      {footer && <div className="shrink-0 border-t border-gray-100 p-4">{footer}</div>}
    </DialogShell>
  );
}
