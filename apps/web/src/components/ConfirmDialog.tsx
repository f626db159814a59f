import { useRef, type ReactNode } from 'react';
import { Button, buttonClass } from './Button.tsx';
import { Modal } from './Modal.tsx';

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
