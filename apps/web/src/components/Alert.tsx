import type { ReactNode } from 'react';
import { CircleAlertIcon, CircleCheckIcon, InfoIcon } from 'lucide-react';

type Tone = 'error' | 'success' | 'info' | 'warning';

const TONES: Record<Tone, string> = {
  error: 'border-red-200 bg-red-50 text-red-800',
  success: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  info: 'border-sky-200 bg-sky-50 text-sky-800',
  warning: 'border-amber-200 bg-amber-50 text-amber-900',
};

/** An inline message box; errors are role=alert (announced at once), the rest role=status. */
export function Alert({ tone = 'error', children, className = '' }: { tone?: Tone; children: ReactNode; className?: string }) {
  const Icon = tone === 'success' ? CircleCheckIcon : tone === 'error' || tone === 'warning' ? CircleAlertIcon : InfoIcon;
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`flex items-start gap-2.5 rounded-lg border px-3.5 py-3 text-sm leading-relaxed ${TONES[tone]} ${className}`}
    >
      <Icon size={18} className="mt-0.5 shrink-0" />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
