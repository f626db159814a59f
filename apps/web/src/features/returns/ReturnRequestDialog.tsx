import { useState, type FormEvent } from 'react';
import {
  RETURN_MAX_PHOTOS,
  RETURN_MESSAGES,
  RETURN_PHOTO_ACCEPT,
  RETURN_PHOTO_MAX_BYTES,
  RETURN_REASONS,
  RETURN_REASON_LABELS,
  formatVnd,
  type OrderReturnsDto,
  type ReturnReason,
} from '@nhasach/shared';
import { requestReturn } from '../../api/returns.ts';
import { Alert } from '../../components/Alert.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Modal } from '../../components/ui/Dialog.tsx';
import { TextField, inputClass } from '../../components/ui/Field.tsx';
import { errorText } from '../../components/ui/errorText.ts';

/** The return form: lines with quantities, a reason, a description, up to three photos, the bank account when needed. */
export function ReturnRequestDialog({
  open,
  code,
  info,
  onClose,
  onDone,
}: {
  open: boolean;
  code: string;
  info: OrderReturnsDto;
  onClose: () => void;
  onDone: () => void;
}) {
  const lines = info.lines.filter((l) => l.returnable > 0);
  const [qty, setQty] = useState<Record<number, number>>({});
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [photos, setPhotos] = useState<File[]>([]);
  const [bank, setBank] = useState({ bankName: '', accountNumber: '', accountHolder: '' });
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const chosen = lines.filter((l) => (qty[l.orderItemId] ?? 0) > 0);
  const total = chosen.reduce((s, l) => s + l.unitPrice * qty[l.orderItemId]!, 0);

  const pickPhotos = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length > RETURN_MAX_PHOTOS) return setError(RETURN_MESSAGES.photoTooMany);
    const big = list.find((f) => f.size > RETURN_PHOTO_MAX_BYTES);
    if (big) return setError(RETURN_MESSAGES.photoTooLarge);
    setError(undefined);
    setPhotos(list);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!chosen.length) return setError(RETURN_MESSAGES.linesRequired);
    if (!reason) return setError(RETURN_MESSAGES.reasonRequired);
    if (reason === 'OTHER' && !note.trim()) return setError(RETURN_MESSAGES.noteRequiredForOther);
    if (info.needsBankAccount && (!bank.bankName.trim() || !bank.accountNumber.trim() || !bank.accountHolder.trim())) {
      return setError(RETURN_MESSAGES.bankRequired);
    }
    setBusy(true);
    setError(undefined);
    try {
      await requestReturn(
        code,
        {
          lines: chosen.map((l) => ({ orderItemId: l.orderItemId, qty: qty[l.orderItemId]! })),
          reason,
          note: note.trim() || null,
          bankAccount: info.needsBankAccount ? bank : null,
        },
        photos,
      );
      onDone();
    } catch (err) {
      setError(errorText(err, 'Không gửi được yêu cầu trả hàng. Vui lòng thử lại.'));
      setBusy(false);
    }
  };

  return (
    <Modal open={open} onClose={onClose} title="Trả hàng / hoàn tiền" description={`Đơn hàng ${code}`} widthClass="max-w-lg">
      <form onSubmit={(e) => void submit(e)} noValidate className="max-h-[70vh] space-y-4 overflow-y-auto pr-1" data-testid="return-form">
        <fieldset>
          <legend className="text-sm font-semibold text-gray-900">Sản phẩm muốn trả</legend>
          <ul className="mt-2 space-y-2">
            {lines.map((l) => {
              const id = `return-qty-${l.orderItemId}`;
              return (
                <li key={l.orderItemId} className="flex items-center gap-3 rounded-lg border border-gray-200 p-2.5">
                  <label htmlFor={id} className="min-w-0 flex-1 text-sm">
                    <span className="line-clamp-2 font-medium text-gray-900">{l.title}</span>
                    <span className="text-xs text-gray-500">
                      {formatVnd(l.unitPrice)} · trả được tối đa {l.returnable}
                    </span>
                  </label>
                  <input
                    id={id}
                    type="number"
                    inputMode="numeric"
                    min={0}
                    max={l.returnable}
                    value={qty[l.orderItemId] ?? 0}
                    onChange={(e) => setQty({ ...qty, [l.orderItemId]: Math.max(0, Math.min(l.returnable, Math.floor(Number(e.target.value) || 0))) })}
                    className={`${inputClass} w-20 text-center`}
                    aria-label={`Số lượng trả của ${l.title}`}
                  />
                </li>
              );
            })}
          </ul>
        </fieldset>

        <div>
          <label htmlFor="return-reason" className="text-sm font-semibold text-gray-900">
            Lý do
          </label>
          <select id="return-reason" value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)} className={`${inputClass} mt-1.5 w-full`} required>
            <option value="">Chọn lý do</option>
            {RETURN_REASONS.map((r) => (
              <option key={r} value={r}>
                {RETURN_REASON_LABELS[r]}
              </option>
            ))}
          </select>
        </div>

        <div>
          <label htmlFor="return-note" className="text-sm font-semibold text-gray-900">
            Mô tả {reason === 'OTHER' ? '' : '(không bắt buộc)'}
          </label>
          <textarea id="return-note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={1000} rows={3} className={`${inputClass} mt-1.5 w-full py-2`} />
        </div>

        <div>
          <label htmlFor="return-photos" className="text-sm font-semibold text-gray-900">
            Ảnh (tối đa {RETURN_MAX_PHOTOS} ảnh JPEG, PNG, WebP; mỗi ảnh tối đa {RETURN_PHOTO_MAX_BYTES / 1024 / 1024} MB)
          </label>
          <input id="return-photos" type="file" multiple accept={RETURN_PHOTO_ACCEPT} onChange={(e) => pickPhotos(e.target.files)} className="mt-1.5 block w-full text-sm" />
          {photos.length > 0 && <p className="mt-1 text-xs text-gray-500">Đã chọn {photos.length} ảnh</p>}
        </div>

        {info.needsBankAccount && (
          <fieldset className="space-y-3 rounded-lg bg-gray-50 p-3">
            <legend className="px-1 text-sm font-semibold text-gray-900">Tài khoản nhận tiền hoàn</legend>
            <TextField label="Ngân hàng" value={bank.bankName} onChange={(e) => setBank({ ...bank, bankName: e.target.value })} required />
            <TextField
              label="Số tài khoản"
              inputMode="numeric"
              value={bank.accountNumber}
              onChange={(e) => setBank({ ...bank, accountNumber: e.target.value })}
              required
            />
            <TextField label="Chủ tài khoản" value={bank.accountHolder} onChange={(e) => setBank({ ...bank, accountHolder: e.target.value })} required />
          </fieldset>
        )}

        {chosen.length > 0 && (
          <p className="text-sm text-gray-700">
            Giá trị sách trả: <strong>{formatVnd(total)}</strong>
            <span className="block text-xs text-gray-500">Số tiền hoàn trừ phần giảm giá của mã khuyến mãi (nếu có); phí giao hàng không hoàn.</span>
          </p>
        )}
        {error && <Alert>{error}</Alert>}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="outline" onClick={onClose}>
            Đóng
          </Button>
          <Button type="submit" busy={busy} busyText="Đang gửi…">
            Gửi yêu cầu
          </Button>
        </div>
      </form>
    </Modal>
  );
}
