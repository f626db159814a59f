import type { ReactNode } from 'react';
import { RETURN_REASON_LABELS, RETURN_STATUS_LABELS, formatVnd, returnSteps, type ReturnDto, type ReturnStatus } from '@nhasach/shared';
import { mediaUrl } from '../../api/client.ts';
import { StatusPill } from '../../components/ui/StatusPill.tsx';
import { formatDateTime } from '../../lib/books.ts';

const STATUS_TONES: Record<ReturnStatus, string> = {
  REQUESTED: 'bg-amber-50 text-amber-800 ring-amber-200',
  APPROVED: 'bg-sky-50 text-sky-800 ring-sky-200',
  REFUSED: 'bg-red-50 text-red-700 ring-red-200',
  RECEIVED: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  REFUNDING: 'bg-indigo-50 text-indigo-800 ring-indigo-200',
  REFUNDED: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
};

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <StatusPill testId="return-status" tone={STATUS_TONES[status]}>
      {RETURN_STATUS_LABELS[status]}
    </StatusPill>
  );
}

/** The steps of a return (requested → approved or refused → received → refunded), each with its time. */
export function ReturnSteps({ r }: { r: ReturnDto }) {
  const steps = returnSteps(r);
  return (
    <ol className="mt-3 grid gap-2 sm:grid-cols-4" aria-label="Các bước trả hàng">
      {steps.map((s) => {
        const done = s.at !== null;
        const refused = s.key === 'REFUSED';
        return (
          <li key={s.key} data-testid={`return-step-${s.key}`} data-done={done} className="flex items-start gap-2 text-sm">
            <span
              aria-hidden="true"
              className={`mt-0.5 grid size-5 shrink-0 place-items-center rounded-full text-[11px] font-bold ${
                refused ? 'bg-red-600 text-white' : done ? 'bg-emerald-600 text-white' : 'border border-gray-300 bg-white text-gray-400'
              }`}
            >
              {refused ? '✕' : done ? '✓' : ''}
            </span>
            <span className="min-w-0">
              <span className={`block font-medium ${done ? 'text-gray-900' : 'text-gray-500'}`}>{s.label}</span>
              {s.at ? <time className="block text-xs text-gray-500" dateTime={s.at}>{formatDateTime(s.at)}</time> : <span className="sr-only">chưa thực hiện</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

/** One return: its lines, reason, amount, photos and steps. */
export function ReturnSummary({ r, heading }: { r: ReturnDto; heading?: ReactNode }) {
  return (
    <article data-testid="return-item" className="rounded-xl border border-gray-200 p-3.5 sm:p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold text-gray-900">{heading ?? `Yêu cầu trả hàng #${r.id}`}</h3>
        <ReturnStatusBadge status={r.status} />
      </div>
      <ul className="mt-2 space-y-1 text-sm text-gray-700">
        {r.lines.map((l) => (
          <li key={l.orderItemId} className="flex justify-between gap-3">
            <span className="min-w-0">
              {l.title} × {l.qty}
            </span>
            <span className="shrink-0 font-medium">{formatVnd(l.amount)}</span>
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-gray-600">
        Lý do: {RETURN_REASON_LABELS[r.reason]}
        {r.note ? ` - ${r.note}` : ''}
      </p>
      <p className="mt-1 text-sm text-gray-900">
        Số tiền hoàn: <strong data-testid="return-amount">{formatVnd(r.amount)}</strong>
      </p>
      {r.refusalReason && <p className="mt-1 text-sm text-red-700">Lý do từ chối: {r.refusalReason}</p>}
      {r.photos.length > 0 && (
        <div className="mt-2 flex flex-wrap gap-2">
          {r.photos.map((p, i) => (
            <a key={p.url} href={mediaUrl(p.url)} target="_blank" rel="noreferrer" className="block">
              <img src={mediaUrl(p.url)} alt={`Ảnh ${i + 1} của yêu cầu trả hàng`} className="size-16 rounded-md border border-gray-200 object-cover" loading="lazy" />
            </a>
          ))}
        </div>
      )}
      <ReturnSteps r={r} />
    </article>
  );
}
