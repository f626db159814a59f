import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon } from 'lucide-react';

/** How long a toast stays (spec section 9: 1.4 s). */
export const TOAST_DURATION_MS = 1400;

export type ToastTone = 'success' | 'error' | 'info';

interface ToastItem {
  id: number;
  message: string;
  tone: ToastTone;
  durationMs: number;
}

interface ToastApi {
  /** Shows a short message at the top of the screen; it survives page changes. */
  show: (message: string, opts?: { tone?: ToastTone; durationMs?: number }) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error('useToast must be used within ToastProvider');
  return ctx;
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [items, setItems] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setItems((list) => list.filter((t) => t.id !== id)), []);
  const show = useCallback<ToastApi['show']>((message, opts) => {
    const item: ToastItem = { id: nextId.current++, message, tone: opts?.tone ?? 'success', durationMs: opts?.durationMs ?? TOAST_DURATION_MS };
    setItems((list) => [...list.slice(-2), item]);
  }, []);
  const api = useMemo(() => ({ show }), [show]);
  return (
    <ToastContext.Provider value={api}>
      {children}
      <div
        aria-live="polite"
        role="status"
        className="pointer-events-none fixed inset-x-0 top-4 z-[80] flex flex-col items-center gap-2 px-4"
      >
        {items.map((t) => (
          <Toast key={t.id} item={t} onDone={dismiss} />
        ))}
      </div>
    </ToastContext.Provider>
  );
}

const TONE_CLASS: Record<ToastTone, string> = {
  success: 'bg-gray-900 text-white',
  error: 'bg-red-700 text-white',
  info: 'bg-gray-900 text-white',
};

function Toast({ item, onDone }: { item: ToastItem; onDone: (id: number) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDone(item.id), item.durationMs);
    return () => window.clearTimeout(timer);
  }, [item, onDone]);
  const Icon = item.tone === 'success' ? CircleCheckIcon : item.tone === 'error' ? CircleAlertIcon : InfoIcon;
  return (
    <div
      className={`animate-toast-in pointer-events-auto flex max-w-sm items-center gap-2.5 rounded-xl px-4 py-3 text-sm font-medium shadow-xl ${TONE_CLASS[item.tone]}`}
    >
      <Icon size={18} className={item.tone === 'success' ? 'text-emerald-400' : 'text-white'} />
      <span>{item.message}</span>
    </div>
  );
}
