import { SALE_NOTE_MAX, SALES_MESSAGES, saleNoteSchema, type SaleOrderDto } from '@nhasach/shared';
import { MessageCircleIcon } from 'lucide-react';
import { addSaleOrderNote } from '../../../api/sales.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { formatDateTime } from '../saleFormat.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { TextAreaField } from './fields.tsx';
import { useOrderForm, WriteProblemAlert } from './orderWrite.tsx';

type NoteInput = { note: string };
type NoteValues = ReturnType<typeof saleNoteSchema.parse>;

/** Internal notes of the staff: add one (non-blank), read them newest first. */
export function NotesCard({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  const { form, problem, write } = useOrderForm<NoteInput, typeof saleNoteSchema>(saleNoteSchema, { note: '' });
  const { errors, isSubmitting } = form.formState;
  const notes = [...order.notes].sort((a, b) => (a.createdAt === b.createdAt ? b.id - a.id : b.createdAt.localeCompare(a.createdAt)));

  const onValid = async (values: NoteValues) => {
    if (await write(() => addSaleOrderNote(order.id, values), SALES_MESSAGES.noteAdded, ['note'], 'Thêm ghi chú thất bại.')) form.reset({ note: '' });
  };

  return (
    <Card title="Ghi chú nội bộ" icon={<MessageCircleIcon size={18} />} actions={<span className="text-sm text-gray-500">{notes.length} ghi chú</span>} testId="order-notes">
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-3">
        <TextAreaField
          label="Ghi chú mới"
          required
          maxLength={SALE_NOTE_MAX}
          placeholder="Chỉ nhân viên nhìn thấy, ví dụ: khách hẹn giao sau 17h"
          error={errors.note?.message}
          {...form.register('note')}
        />
        <WriteProblemAlert problem={problem} onReload={onReload} reloading={reloading} />
        <div className="flex justify-end">
          <Button type="submit" variant="secondary" size="sm" busy={isSubmitting} busyText="Đang thêm…">
            Thêm ghi chú
          </Button>
        </div>
      </form>
      {notes.length > 0 ? (
        <ul className="mt-5 space-y-3 border-t border-gray-100 pt-5">
          {notes.map((n) => (
            <li key={n.id} data-testid="order-note" className="rounded-xl bg-gray-50 px-3.5 py-3">
              <p className="text-sm leading-relaxed break-words whitespace-pre-line text-gray-800">{n.note}</p>
              <p className="mt-1.5 text-xs text-gray-500">
                {n.authorName ?? 'Nhân viên'} · <time dateTime={n.createdAt}>{formatDateTime(n.createdAt)}</time>
              </p>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-gray-500">Chưa có ghi chú.</p>
      )}
    </Card>
  );
}
