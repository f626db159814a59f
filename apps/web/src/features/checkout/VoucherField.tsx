import { Suspense, useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatVnd, type CartDto, type FieldError } from '@nhasach/shared';
import { CircleCheckIcon, TagIcon, XIcon } from 'lucide-react';
import { applyCartVoucher, removeCartVoucher } from '../../api/cart.ts';
import { ApiError } from '../../api/client.ts';
import { Button } from '../../components/ui/Button.tsx';
import { inputClass } from '../../components/ui/inputClass.ts';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { useCartWrite } from '../cart/useCartWrite.ts';
import { errorText } from '../../components/ui/errorText.ts';

// The list of the shopper's codes (a dialog, with the vouchers API) loads when the shopper opens it.
const VoucherPicker = lazyComponent(async () => (await import('./VoucherPicker.tsx')).VoucherPicker);
/** The picker's list (voucherKeys.available in api/vouchers.ts), named here so that the field loads without that API. */
const AVAILABLE_VOUCHERS_KEY = ['vouchers', 'available'] as const;

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
  const [removing, setRemoving] = useState(false);
  const [picking, setPicking] = useState(false);
  // The picker stays mounted once opened, so that it closes with its transition.
  const [pickerOpened, setPickerOpened] = useState(false);
  const applied = cart.voucher;
  // One code at a time: the answer is the whole cart (useCartWrite files it), the list of codes is read again.
  const applyCode = useMutation({
    mutationFn: (value: string) => cartWrite.mutateAsync(() => applyCartVoucher(value)),
    onSuccess: (_cart, value) => {
      // What the shopper typed meanwhile stays.
      setCode((current) => (current === value ? '' : current));
      void queryClient.invalidateQueries({ queryKey: AVAILABLE_VOUCHERS_KEY });
    },
    onError: (err) => setError(voucherErrorText(err)),
  });
  const busy = applyCode.isPending || removing;

  const apply = async (value: string) => {
    if (!value.trim()) {
      setError('Vui lòng nhập mã giảm giá.');
      return false;
    }
    if (applyCode.isPending) return false;
    setError(undefined);
    try {
      await applyCode.mutateAsync(value);
      return true;
    } catch {
      // Shown by onError.
      return false;
    }
  };
  const remove = async () => {
    setRemoving(true);
    setError(undefined);
    try {
      await cartWrite.mutateAsync(() => removeCartVoucher());
    } catch (err) {
      setError(errorText(err, 'Không bỏ được mã giảm giá. Thử lại nhé.'));
    } finally {
      setRemoving(false);
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
      <button
        type="button"
        onClick={() => {
          setPickerOpened(true);
          setPicking(true);
        }}
        onPointerEnter={() => void VoucherPicker.preload()}
        onFocus={() => void VoucherPicker.preload()}
        className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700 hover:underline"
      >
        <TagIcon size={15} /> Chọn mã giảm giá của bạn
      </button>
      {pickerOpened && (
        <Suspense fallback={null}>
          <VoucherPicker
            open={picking}
            onClose={() => setPicking(false)}
            appliedCode={applied?.code}
            onPick={async (picked) => {
              if (await apply(picked)) setPicking(false);
            }}
            busy={busy}
          />
        </Suspense>
      )}
    </div>
  );
}

