import { useRef, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { useFocusTrap } from '../lib/useFocusTrap.ts';

/**
 * What every overlay (modal, drawer, form dialog, intro) shares: a portal over the page, a backdrop that closes it,
 * and an aria-modal panel with focus trapped and Escape closing it. Looks come from the callers' classes.
 */
export function DialogShell({
  open,
  onClose,
  initialFocus,
  labelledBy,
  describedBy,
  focusablePanel = true,
  className,
  backdropClassName,
  panelClassName,
  children,
}: {
  open: boolean;
  onClose: () => void;
  /** Element to focus first; the first focusable element otherwise. */
  initialFocus?: RefObject<HTMLElement | null>;
  labelledBy: string;
  describedBy?: string;
  /** Whether the panel itself can take focus (tabIndex -1), e.g. when it holds nothing focusable. */
  focusablePanel?: boolean;
  /** Layer and placement of the full-screen wrapper (z-index, flex alignment, padding). */
  className: string;
  /** Colour and blur of the backdrop. */
  backdropClassName: string;
  panelClassName: string;
  children: ReactNode;
}) {
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap(panelRef, open, onClose, initialFocus);
  if (!open) return null;
  return createPortal(
    <div className={`fixed inset-0 ${className}`}>
      <div className={`animate-fade-in absolute inset-0 ${backdropClassName}`} onClick={onClose} aria-hidden="true" />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={focusablePanel ? -1 : undefined}
        className={panelClassName}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
