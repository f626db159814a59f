import { useId, useRef } from 'react';
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import { DialogButtons } from './DialogButtons.tsx';
import { CloseButton } from './CloseButton.tsx';
import type { ConfirmDialogProps, DialogProps, DrawerProps, ModalProps } from './Dialog.tsx';

/**
 * The open dialog, through Headless UI: aria-modal, focus kept inside and given back on close, Escape and a click
 * outside the panel close it, the page behind is inert and does not scroll. This module is loaded on first open
 * (Dialog.tsx): Headless UI's dialog weighs about 17 KB gzip, more than a storefront page can carry in its first load.
 */
export function DialogFrame({ onClose, initialFocus, labelledBy, label, describedBy, className, backdropClassName, panelClassName, children }: Omit<DialogProps, 'open'>) {
  return (
    <HeadlessDialog
      open
      onClose={onClose}
      initialFocus={initialFocus}
      // Headless UI names the dialog after its own DialogTitle and Description only (it overwrites these props):
      // the titles here are the callers' headings, named once the element exists (React leaves them alone after).
      ref={(el: HTMLElement | null) => {
        if (labelledBy) el?.setAttribute('aria-labelledby', labelledBy);
        if (describedBy) el?.setAttribute('aria-describedby', describedBy);
      }}
      aria-label={label}
      className={`fixed inset-0 ${className}`}
    >
      <DialogBackdrop className={`animate-fade-in absolute inset-0 ${backdropClassName}`} />
      <DialogPanel className={panelClassName}>{children}</DialogPanel>
    </HeadlessDialog>
  );
}

/** A modal dialog: labelled by its title, a sheet from the bottom on a phone, centred on larger screens. */
export function ModalFrame({ onClose, title, description, children, initialFocus, widthClass = 'max-w-md' }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const descId = useId();
  return (
    <DialogFrame
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
    </DialogFrame>
  );
}

/** A panel sliding in from the left (mobile filters). */
export function DrawerFrame({ onClose, title, children, footer }: Omit<DrawerProps, 'open'>) {
  const titleId = useId();
  return (
    <DialogFrame
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
    </DialogFrame>
  );
}

/** A yes/no question in a modal; the safe answer ('Huỷ') has the focus first. */
export function ConfirmFrame({ title, description, confirmText = 'Đồng ý', cancelText = 'Huỷ', danger = false, busy = false, onConfirm, onClose }: Omit<ConfirmDialogProps, 'open'>) {
  const cancelRef = useRef<HTMLButtonElement>(null);
  return (
    <ModalFrame onClose={busy ? () => undefined : onClose} title={title} description={description} initialFocus={cancelRef}>
      <DialogButtons row="" onCancel={onClose} cancelText={cancelText} cancelRef={cancelRef} onClick={onConfirm} busy={busy} className={danger ? '!bg-red-700 hover:!bg-red-800' : ''}>
        {confirmText}
      </DialogButtons>
    </ModalFrame>
  );
}
