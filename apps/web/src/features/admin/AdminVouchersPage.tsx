import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  formatDateTimeVN,
  formatNumberVN,
  VOUCHER_LIST_STATUSES,
  VOUCHER_PAGE_SIZE,
  VOUCHER_STATUS_LABELS,
  type AdminVoucherDto,
} from '@nhasach/shared';
import { BanIcon, CircleCheckIcon, GiftIcon, PenIcon } from 'lucide-react';
import { fetchAdminVouchers, setVoucherActive, voucherKeys } from '../../api/vouchers.ts';
import { ConfirmDialog } from '../../components/ui/Dialog.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { CreateButton, ListCard, ListPage, useRowAction, useUrlListState } from './listParts.tsx';
import { IconButton, Pill, type PillTone } from './ui.tsx';
import { ResponsiveRows, RowActions } from './components/DataTable.tsx';
import { VoucherFormDialog } from './vouchers/VoucherFormDialog.tsx';

const STATUS_TONES: Record<AdminVoucherDto['status'], PillTone> = { RUNNING: 'green', UPCOMING: 'blue', ENDED: 'gray', INACTIVE: 'red' };
const STATUS_FILTER = { key: 'status', values: VOUCHER_LIST_STATUSES, labels: VOUCHER_STATUS_LABELS, noun: 'trạng thái' };
const SEARCH = { placeholder: 'Tìm theo mã hoặc tên chương trình…', label: 'Tìm mã giảm giá' };

const usesText = (v: AdminVoucherDto) => `${formatNumberVN(v.usedCount)} / ${v.totalUses === null ? '∞' : formatNumberVN(v.totalUses)}`;
const perCustomerText = (v: AdminVoucherDto) => (v.perCustomerLimit === null ? 'Không giới hạn mỗi khách' : `Tối đa ${v.perCustomerLimit} lần mỗi khách`);

/** /admin/vouchers: search (code, name), status filter, paged table, create, edit, switch off and on. */
export function AdminVouchersPage() {
  useDocumentTitle('Mã giảm giá');
  const { page, q, filter: status, toolbar, setPage } = useUrlListState({ search: SEARCH, filter: STATUS_FILTER });
  const [editing, setEditing] = useState<AdminVoucherDto | 'new' | null>(null);

  const list = useQuery({
    queryKey: voucherKeys.adminList(q, status, page),
    queryFn: () => fetchAdminVouchers({ q, status, page, size: VOUCHER_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const toggle = useRowAction({
    run: (v: AdminVoucherDto) => setVoucherActive(v.id, !v.active),
    done: (v) => (v.active ? `Đã bật mã ${v.code}` : `Đã tắt mã ${v.code}`),
    failed: 'Thao tác thất bại. Thử lại nhé.',
    invalidate: [voucherKeys.admin],
  });
  const toggling = toggle.target;
  const data = list.data;

  const actions = (v: AdminVoucherDto) => (
    <RowActions>
      <IconButton label={`Sửa mã ${v.code}`} onClick={() => setEditing(v)}>
        <PenIcon size={16} />
      </IconButton>
      <IconButton label={v.active ? `Tắt mã ${v.code}` : `Bật mã ${v.code}`} tone={v.active ? 'danger' : 'success'} onClick={() => toggle.setTarget(v)}>
        {v.active ? <BanIcon size={16} /> : <CircleCheckIcon size={16} />}
      </IconButton>
    </RowActions>
  );

  return (
    <ListPage
      title="Mã giảm giá"
      description={data ? `${formatNumberVN(data.totalElements)} mã` : 'Giảm theo %, giảm số tiền, miễn phí vận chuyển'}
      actions={<CreateButton onClick={() => setEditing('new')}>Tạo mã giảm giá</CreateButton>}
      failure={toggle}
    >
      <ListCard
        toolbar={toolbar}
        query={list}
        rows={data?.content}
        skeleton={{ rows: 6, cols: 6 }}
        errorMessage="Không tải được danh sách mã giảm giá"
        empty={{
          title: q || status ? 'Không tìm thấy mã giảm giá phù hợp.' : 'Chưa có mã giảm giá nào.',
          icon: <GiftIcon size={28} />,
          action: q || status ? undefined : <CreateButton onClick={() => setEditing('new')}>Tạo mã giảm giá</CreateButton>,
        }}
        footer={data && { of: data, unit: 'mã', label: 'Phân trang mã giảm giá', onPage: setPage }}
      >
        {/* Phones: one card per code. */}
        <ResponsiveRows
          label="Danh sách mã giảm giá"
          rows={data?.content ?? []}
          rowKey={(v) => v.id}
          card={(v) => (
            <li key={v.id} data-testid="voucher-row" className="flex items-start gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-mono font-bold tracking-wide text-gray-900">{v.code}</span>
                  <StatusPill voucher={v} />
                </p>
                <p className="truncate text-sm text-gray-700">{v.name}</p>
                <p className="text-xs text-gray-500">{v.description}</p>
                <p className="mt-1 text-xs text-gray-500 tabular-nums">
                  {formatDateTimeVN(v.startsAt)} → {formatDateTimeVN(v.endsAt)}
                </p>
                <p className="text-xs text-gray-500">Đã dùng {usesText(v)}</p>
              </div>
              {actions(v)}
            </li>
          )}
          tableClassName="min-w-[980px]"
          rowProps={(v) => ({ 'data-testid': 'voucher-row', className: v.active ? '' : 'bg-gray-50/60' })}
          columns={[
            {
              header: 'Mã',
              cell: (v) => (
                <>
                  <p className="font-mono font-bold tracking-wide text-gray-900">{v.code}</p>
                  <p className="max-w-[220px] truncate text-xs text-gray-500">{v.name}</p>
                </>
              ),
            },
            {
              header: 'Ưu đãi',
              className: 'max-w-[280px]',
              cell: (v) => (
                <>
                  <p className="text-gray-800">{v.description}</p>
                  {v.categories.length > 0 && <p className="truncate text-xs text-gray-500">Danh mục: {v.categories.map((c) => c.name).join(', ')}</p>}
                </>
              ),
            },
            {
              header: 'Thời gian (giờ VN)',
              className: 'whitespace-nowrap text-gray-600 tabular-nums',
              cell: (v) => (
                <>
                  <p>{formatDateTimeVN(v.startsAt)}</p>
                  <p className="text-xs text-gray-400">đến {formatDateTimeVN(v.endsAt)}</p>
                </>
              ),
            },
            {
              header: 'Đã dùng',
              className: 'whitespace-nowrap',
              cell: (v) => (
                <>
                  <p className="font-medium text-gray-900 tabular-nums">{usesText(v)}</p>
                  <p className="text-xs text-gray-500">{perCustomerText(v)}</p>
                </>
              ),
            },
            { header: 'Trạng thái', cell: (v) => <StatusPill voucher={v} /> },
            { header: 'Thao tác', align: 'right', cell: actions },
          ]}
        />
      </ListCard>

      <VoucherFormDialog open={editing !== null} voucher={editing === 'new' || editing === null ? undefined : editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={toggling !== null}
        title={toggling?.active ? `Tắt mã ${toggling.code}?` : `Bật mã ${toggling?.code ?? ''}?`}
        description={
          toggling?.active
            ? 'Khách sẽ không dùng được mã này nữa. Các đơn đã đặt với mã vẫn giữ nguyên ưu đãi.'
            : 'Khách dùng được mã trong thời gian áp dụng.'
        }
        confirmText={toggling?.active ? 'Tắt mã' : 'Bật mã'}
        danger={toggling?.active ?? false}
        busy={toggle.mutation.isPending}
        onClose={() => toggle.setTarget(null)}
        onConfirm={() => toggling && toggle.mutation.mutate(toggling)}
      />
    </ListPage>
  );
}

function StatusPill({ voucher: v }: { voucher: AdminVoucherDto }) {
  return (
    <Pill tone={STATUS_TONES[v.status]} dot>
      {VOUCHER_STATUS_LABELS[v.status]}
    </Pill>
  );
}
