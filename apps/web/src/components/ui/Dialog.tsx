import { Suspense, type ComponentType, type MutableRefObject, type ReactNode } from 'react';
import { lazyComponent } from '../../lib/lazyComponent.ts';

const frames = () => import('./frames.ts');
const DialogFrame = lazyComponent(async () => (await frames()).DialogFrame);
const ModalFrame = lazyComponent(async () => (await frames()).ModalFrame);
const DrawerFrame = lazyComponent(async () => (await frames()).DrawerFrame);
const ConfirmFrame = lazyComponent(async () => (await frames()).ConfirmFrame);

/** Nothing while closed; open, the dialog of DialogFrame.tsx (loaded then). */
function whenOpen<P extends { open: boolean }>(Frame: ComponentType<Omit<P, 'open'>>) {
  return function OpenDialog({ open, ...props }: P) {
    if (!open) return null;
    return (
      <Suspense fallback={null}>
        <Frame {...(props as Omit<P, 'open'>)} />
      </Suspense>
    );
  };
}

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
 * Every overlay of the app (modal, drawer, confirmation, form dialog, menu drawer, intro) is a Headless UI dialog
 * (DialogFrame.tsx). These are what pages import: nothing while closed, the dialog once open, its code loaded on
 * first open so that no page's first load carries it.
 */
export const Dialog = whenOpen<DialogProps>(DialogFrame);

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

/** A modal dialog labelled by its title: a sheet from the bottom on a phone, centred on larger screens. */
export const Modal = whenOpen<ModalProps>(ModalFrame);

export interface DrawerProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
  footer?: ReactNode;
}

/** A panel sliding in from the left (mobile filters). */
export const Drawer = whenOpen<DrawerProps>(DrawerFrame);

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
export const ConfirmDialog = whenOpen<ConfirmDialogProps>(ConfirmFrame);
