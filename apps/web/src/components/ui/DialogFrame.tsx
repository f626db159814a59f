import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel } from '@headlessui/react';
import type { DialogProps } from './Dialog.tsx';

/**
 * The open dialog, through Headless UI: aria-modal, focus kept inside and given back on close, Escape and a click
 * outside the panel close it, the page behind is inert and does not scroll. Its own chunk (Dialog loads it on open):
 * Headless UI's dialog weighs about 17 KB gzip, more than a storefront page can carry in its first load.
 */
export function DialogFrame({ onClose, initialFocus, labelledBy, label, describedBy, className, backdropClassName, panelClassName, children }: Omit<DialogProps, 'open'>) {
  return (
    <HeadlessDialog
      open
      onClose={onClose}
      initialFocus={initialFocus}
      aria-labelledby={labelledBy}
      aria-label={label}
      aria-describedby={describedBy}
      className={`fixed inset-0 ${className}`}
    >
      <DialogBackdrop className={`animate-fade-in absolute inset-0 ${backdropClassName}`} />
      <DialogPanel className={panelClassName}>{children}</DialogPanel>
    </HeadlessDialog>
  );
}
