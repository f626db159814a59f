import { useId, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { formatDateTimeVN, formatVnd, type AvailableVoucherDto, type CartDto, type FieldError } from '@nhasach/shared';
import { CircleCheckIcon, TagIcon, XIcon } from 'lucide-react';
import { applyCartVoucher, removeCartVoucher } from '../../api/cart.ts';
import { ApiError } from '../../api/client.ts';
import { fetchAvailableVouchers, voucherKeys } from '../../api/vouchers.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Dialog.tsx';
import { ErrorState, Skeleton } from '../../components/ui/EmptyState.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useCartWrite } from '../cart/useCartWrite.ts';
import { errorText } from '../../components/ui/errorText.ts';

/** The server's reason for refusing a code: the message of the voucherCode field, else the answer's message. */
export function voucherErrorText(err: unknown): string {
  if (err instanceof ApiError && err.data && typeof err.data === 'object') {
    const fields = (err.data as { fields?: FieldError[] }).fields;
    const own = Array.isArray(fields) ? fields.find((f) => f.field === 'voucherCode') : undefined;
    if (own) return own.message;
  }
  return errorText(err, 'Không áp dụng được mã giảm giá. Thử lại nhé.');
}

/**
 * The checkout's voucher field: type a code or pick one of the codes that apply, one code per order. The code is
 * kept on the server's cart (PUT/DELETE /cart/voucher), which answers with the whole cart and its new totals.
 */
export function VoucherField({ cart }: { cart: CartDto }) {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const queryClient = useQueryClient();
  const cartWrite = useCartWrite();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [picking, setPicking] = useState(false);
  const applied = cart.voucher;

  const apply = async (value: string) => {
    if (!value.trim()) {
      setError('Vui lòng nhập mã giảm giá.');
      return false;
    }
    setBusy(true);
    setError(undefined);
    try {
      await cartWrite.mutateAsync(() => applyCartVoucher(value));
      setCode('');
      void queryClient.invalidateQueries({ queryKey: voucherKeys.available });
      return true;
    } catch (err) {
      setError(voucherErrorText(err));
      return false;
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await cartWrite.mutateAsync(() => removeCartVoucher());
    } catch (err) {
      setError(errorText(err, 'Không bỏ được mã giảm giá. Thử lại nhé.'));
    } finally {
      setBusy(false);
    }
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void apply(code);
  };

  return (
    <div data-testid="voucher-field" className="space-y-2.5">
      {applied && (
        <div
          data-testid="voucher-applied"
          className={`flex items-start gap-3 rounded-xl border p-3 ${applied.applicable ? 'border-emerald-200 bg-emerald-50/70' : 'border-amber-200 bg-amber-50'}`}
        >
          <span className={`mt-0.5 shrink-0 ${applied.applicable ? 'text-emerald-700' : 'text-amber-700'}`} aria-hidden="true">
            {applied.applicable ? <CircleCheckIcon size={18} /> : <TagIcon size={18} />}
          </span>
          <div className="min-w-0 flex-1 text-sm">
            <p className="font-semibold text-gray-900">
              <span className="font-mono tracking-wide">{applied.code}</span>
              <span className="font-normal text-gray-600"> · {applied.name}</span>
            </p>
            <p className="text-xs text-gray-600">{applied.description}</p>
            <p role="status" className={`mt-1 text-xs font-medium ${applied.applicable ? 'text-emerald-800' : 'text-amber-900'}`}>
              {applied.applicable
                ? applied.freeShipping
                  ? 'Đã áp dụng: miễn phí vận chuyển'
                  : `Đã áp dụng: giảm ${formatVnd(applied.discount)}`
                : `Chưa áp dụng được: ${applied.message ?? ''}`}
            </p>
          </div>
          <button
            type="button"
            onClick={() => void remove()}
            disabled={busy}
            aria-label={`Bỏ mã ${applied.code}`}
            className="grid size-8 shrink-0 place-items-center rounded-full text-gray-500 hover:bg-white hover:text-gray-800 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-40"
          >
            <XIcon size={16} />
          </button>
        </div>
      )}
      <form onSubmit={submit} noValidate className="flex gap-2">
        <label htmlFor={inputId} className="sr-only">
          Mã giảm giá
        </label>
        <input
          id={inputId}
          value={code}
          onChange={(e) => {
            setCode(e.target.value);
            if (error) setError(undefined);
          }}
          placeholder={applied ? 'Nhập mã khác' : 'Nhập mã giảm giá'}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={`${inputClass} h-10 min-w-0 flex-1 text-sm uppercase placeholder:normal-case`}
        />
        <Button type="submit" variant="outline" size="md" busy={busy} busyText="Đang áp dụng…" className="shrink-0">
          Áp dụng
        </Button>
      </form>
      {error && (
        <p id={errorId} role="alert" className="text-[13px] font-medium text-red-600">
          {error}
        </p>
      )}
      <button type="button" onClick={() => setPicking(true)} className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline">
        <TagIcon size={15} /> Chọn mã giảm giá của bạn
      </button>
      <VoucherPicker
        open={picking}
        onClose={() => setPicking(false)}
        appliedCode={applied?.code}
        onPick={async (picked) => {
          if (await apply(picked)) setPicking(false);
        }}
        busy={busy}
      />
    </div>
  );
}

/** The running codes with whether each applies to the selection now, and why not (GET /vouchers/available). */
function VoucherPicker({
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
