import { useQuery } from '@tanstack/react-query';
import { SALES_MESSAGES, saleAssignSchema, type SaleOrderDto, type SaleStaffDto, formNumbers, SALE_NUMBER_FIELDS } from '@nhasach/shared';
import { UsersIcon } from 'lucide-react';
import { assignSaleOrder, fetchSaleStaff, saleKeys } from '../../../api/sales.ts';
import { Alert } from '../../../components/Alert.tsx';
import { Button } from '../../../components/ui/Button.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { Card } from '../../../components/ui/Card.tsx';
import { SelectField } from './fields.tsx';
import { useOrderForm, WriteProblemAlert } from './orderWrite.tsx';

const assignFormSchema = saleAssignSchema.omit({ version: true });
type AssignInput = { assigneeId: string };
type AssignValues = ReturnType<typeof assignFormSchema.parse>;

const ROLE_NAMES: Record<SaleStaffDto['role'], string> = { SALE: 'Bán hàng', ADMIN: 'Quản trị' };
const staffLabel = (s: SaleStaffDto) => `${s.fullName || s.username} (${s.username} · ${ROLE_NAMES[s.role]})`;

/** Who handles the order: one of the enabled SALE or ADMIN accounts (GET /api/v1/sales/staff). */
export function AssignForm({ order, onReload, reloading }: { order: SaleOrderDto; onReload: () => void; reloading: boolean }) {
  const { user } = useAuth();
  const staff = useQuery({ queryKey: saleKeys.staff, queryFn: ({ signal }) => fetchSaleStaff(signal), staleTime: 5 * 60_000 });
  const { form, problem, setProblem, write } = useOrderForm<AssignInput, typeof assignFormSchema>(
    assignFormSchema,
    { assigneeId: order.assigneeId ? String(order.assigneeId) : '' },
    (values) => formNumbers(values, SALE_NUMBER_FIELDS),
  );
  const { errors, isSubmitting } = form.formState;

  const me = staff.data?.find((s) => String(s.id) === String(user?.id));
  // The current assignee may have been disabled since: keep them visible in the select.
  const options = staff.data ?? [];
  const missingCurrent = order.assigneeId !== null && !options.some((s) => s.id === order.assigneeId);

  const onValid = async (values: AssignValues) => {
    setProblem(undefined);
    if (values.assigneeId === order.assigneeId) {
      setProblem({ kind: 'message', text: 'Đơn hàng đã được giao cho nhân viên này.' });
      return;
    }
    await write(() => assignSaleOrder(order.id, { ...values, version: order.version }), SALES_MESSAGES.assigned, ['assigneeId'], 'Giao đơn thất bại.');
  };

  return (
    <Card title="Người xử lý" icon={<UsersIcon size={18} />} testId="assign-form">
      <p className="mb-4 text-sm text-gray-600">
        Hiện tại: <span className="font-semibold text-gray-900">{order.assigneeName ?? 'Chưa giao cho ai'}</span>
      </p>
      {staff.isError && <Alert className="mb-4">Không tải được danh sách nhân viên.</Alert>}
      <form noValidate onSubmit={form.handleSubmit(onValid)} className="space-y-4">
        <SelectField label="Giao cho" required disabled={staff.isPending} error={errors.assigneeId?.message} {...form.register('assigneeId')}>
          <option value="">{staff.isPending ? 'Đang tải danh sách nhân viên…' : '— Chọn nhân viên —'}</option>
          {missingCurrent && <option value={order.assigneeId ?? ''}>{order.assigneeName ?? `#${order.assigneeId}`} (không còn hoạt động)</option>}
          {options.map((s) => (
            <option key={s.id} value={s.id}>
              {staffLabel(s)}
            </option>
          ))}
        </SelectField>
        <WriteProblemAlert problem={problem} onReload={onReload} reloading={reloading} />
        <div className={`grid gap-2 ${me && order.assigneeId !== me.id ? 'sm:grid-cols-2 lg:grid-cols-1 xl:grid-cols-2' : ''}`}>
          <Button type="submit" variant="secondary" busy={isSubmitting} busyText="Đang lưu…">
            Giao đơn
          </Button>
          {me && order.assigneeId !== me.id && (
            <Button
              variant="outline"
              disabled={isSubmitting}
              onClick={() => {
                form.setValue('assigneeId', String(me.id));
                void form.handleSubmit(onValid)();
              }}
            >
              Nhận xử lý
            </Button>
          )}
        </div>
      </form>
    </Card>
  );
}
