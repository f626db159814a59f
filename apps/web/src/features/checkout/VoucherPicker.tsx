import { useQuery } from '@tanstack/react-query';
import { formatDateTimeVN, formatVnd, type AvailableVoucherDto } from '@nhasach/shared';
import { TagIcon } from 'lucide-react';
import { fetchAvailableVouchers, voucherKeys } from '../../api/vouchers.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Dialog.tsx';
import { ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';

/** The running codes with whether each applies to the selection now, and why not (GET /vouchers/available). */
export function VoucherPicker({
  open,
  onClose,
  onPick,
  appliedCode,
  busy,
}: {
  open: boolean;
  onClose: () => void;
  onPick: (code: string) => void;
  appliedCode?: string;
  busy: boolean;
}) {
  const list = useQuery({ queryKey: voucherKeys.available, queryFn: ({ signal }) => fetchAvailableVouchers(signal), enabled: open, staleTime: 0 });
  return (
    <Modal open={open} onClose={onClose} title="Mã giảm giá" description="Mỗi đơn hàng dùng được một mã." widthClass="max-w-lg">
      <div className="mt-4 max-h-[60dvh] overflow-y-auto">
        {list.isPending ? (
          <div className="space-y-2" role="status" aria-label="Đang tải">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : list.isError ? (
          <ErrorState compact message="Không tải được danh sách mã giảm giá" onRetry={() => void list.refetch()} retrying={list.isFetching} />
        ) : list.data.length === 0 ? (
          <p role="status" className="rounded-xl border border-dashed border-gray-300 px-4 py-8 text-center text-sm text-gray-500">
            Hiện chưa có mã giảm giá nào.
          </p>
        ) : (
          <ul className="space-y-2" aria-label="Mã giảm giá">
            {list.data.map((v) => (
              <VoucherOption key={v.code} v={v} applied={v.code === appliedCode} busy={busy} onPick={() => onPick(v.code)} />
            ))}
          </ul>
        )}
      </div>
    </Modal>
  );
}

function VoucherOption({ v, applied, busy, onPick }: { v: AvailableVoucherDto; applied: boolean; busy: boolean; onPick: () => void }) {
  return (
    <li
      data-testid="voucher-option"
      className={`flex items-start gap-3 rounded-xl border p-3 ${v.applicable ? 'border-gray-200' : 'border-gray-100 bg-gray-50 text-gray-500'}`}
    >
      <span className={`grid size-10 shrink-0 place-items-center rounded-lg ${v.applicable ? 'bg-brand-50 text-brand-700' : 'bg-gray-100 text-gray-400'}`} aria-hidden="true">
        <TagIcon size={18} />
      </span>
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold text-gray-900">
          <span className="font-mono tracking-wide">{v.code}</span> <span className="font-normal text-gray-600">· {v.name}</span>
        </p>
        <p className="text-xs text-gray-600">{v.description}</p>
        {v.categories.length > 0 && <p className="text-xs text-gray-500">Áp dụng cho: {v.categories.join(', ')}</p>}
        <p className="text-xs text-gray-400">HSD: {formatDateTimeVN(v.endsAt)}</p>
        {!v.applicable && v.reason && <p className="mt-1 text-xs font-medium text-amber-800">{v.reason}</p>}
        {v.applicable && v.discount > 0 && <p className="mt-1 text-xs font-medium text-emerald-700">Giảm {formatVnd(v.discount)} cho đơn này</p>}
      </div>
      {applied ? (
        <span className="shrink-0 self-center text-xs font-semibold text-emerald-700">Đang dùng</span>
      ) : (
        <Button size="sm" variant="outline" disabled={!v.applicable || busy} onClick={onPick} className="shrink-0 self-center" aria-label={`Áp dụng mã ${v.code}`}>
          Áp dụng
        </Button>
      )}
    </li>
  );
}
