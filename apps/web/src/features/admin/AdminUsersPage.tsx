import { useState, type ReactNode } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_MESSAGES, ADMIN_PAGE_SIZE, ROLES, parseRole, type AdminUserDto, type Role, formatNumberVN } from '@nhasach/shared';
import { BanIcon, ShieldIcon, Trash2Icon, UserCheckIcon, UserPlusIcon, UsersIcon } from 'lucide-react';
import { adminKeys, fetchAdminUsers, hardDeleteUser, setUserEnabled, setUserRole, softDeleteUser } from '../../api/admin.ts';
import { DialogButtons } from '../../components/ui/DialogButtons.tsx';
import { ConfirmDialog, Modal } from '../../components/ui/Dialog.tsx';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { useAuth } from '../auth/useAuth.ts';
import { formatDate, formatDateTime } from './format.ts';
import { CreateStaffDialog } from './users/CreateStaffDialog.tsx';
import { CreateButton, ListCard, ListPage, pageOf, useRowAction, useUrlListState } from './listParts.tsx';
import { IconButton, Pill, ROLE_LABELS, RoleBadge } from './ui.tsx';
import { ResponsiveRows, RowActions } from './components/DataTable.tsx';

type Action = { kind: 'soft' | 'hard' | 'enable'; user: AdminUserDto } | { kind: 'role'; user: AdminUserDto };

const ROLE_HINTS: Record<Role, string> = {
  ADMIN: 'Toàn quyền khu quản trị: sách, người dùng, danh mục, dữ liệu gốc',
  SALE: 'Xử lý đơn hàng ở khu bán hàng',
  USER: 'Mua sắm trên cửa hàng',
};

const ROLE_FILTER = { key: 'role', values: ROLES, labels: ROLE_LABELS, noun: 'vai trò' };
const SEARCH = { placeholder: 'Tìm theo tên đăng nhập, e-mail, họ tên…', label: 'Tìm người dùng' };

/** The three yes/no questions of a row: their title, what follows, the answer and whether it destroys. */
const CONFIRMS = {
  soft: {
    title: 'Vô hiệu hoá tài khoản?',
    text: 'Người dùng sẽ bị đăng xuất và không thể đăng nhập cho đến khi được kích hoạt lại. Dữ liệu (đơn hàng, đánh giá) được giữ nguyên.',
    confirmText: 'Vô hiệu hoá',
    danger: true,
  },
  enable: { title: 'Kích hoạt lại tài khoản?', text: 'Người dùng có thể đăng nhập lại ngay.', confirmText: 'Kích hoạt', danger: false },
  hard: {
    title: 'Xoá vĩnh viễn tài khoản?',
    text: 'Tài khoản và dữ liệu cá nhân sẽ bị xoá hẳn, không thể khôi phục. Tài khoản đã có đơn hàng sẽ không xoá được; hãy vô hiệu hoá thay vào đó.',
    confirmText: 'Xoá vĩnh viễn',
    danger: true,
  },
} as const;

async function runAction(a: Action & { role?: Role }): Promise<string> {
  const name = a.user.username;
  switch (a.kind) {
    case 'soft':
      await softDeleteUser(a.user.id);
      return `Đã vô hiệu hoá tài khoản ${name}`;
    case 'hard':
      await hardDeleteUser(a.user.id);
      return `Đã xoá vĩnh viễn tài khoản ${name}`;
    case 'enable':
      await setUserEnabled(a.user.id, true);
      return `Đã kích hoạt lại tài khoản ${name}`;
    case 'role':
      await setUserRole(a.user.id, a.role ?? 'USER');
      return `Đã đổi vai trò của ${name} thành ${ROLE_LABELS[a.role ?? 'USER']}`;
  }
}

/** /admin/users: search, role filter, paged table (10), disable (soft delete), enable, hard delete, role change, new staff. */
export function AdminUsersPage() {
  useDocumentTitle('Quản lý người dùng');
  const { user: me } = useAuth();
  const { page, q, filter: role, toolbar, setPage } = useUrlListState({ search: SEARCH, filter: ROLE_FILTER });
  const [creating, setCreating] = useState(false);

  const list = useQuery({
    queryKey: adminKeys.userList(q, role, page),
    queryFn: () => fetchAdminUsers({ q, role, page, size: ADMIN_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  // The server says why an action is refused (e.g. a hard delete while the user has orders): kept on screen.
  const run = useRowAction({ run: runAction, done: (message: string) => message, failed: 'Thao tác thất bại. Thử lại nhé.', invalidate: [adminKeys.users, adminKeys.dashboard] });
  const action = run.target;
  const confirm = action && action.kind !== 'role' ? CONFIRMS[action.kind] : null;

  const data = list.data;
  const isMe = (u: AdminUserDto) => String(u.id) === String(me?.id);

  return (
    <ListPage
      title="Quản lý người dùng"
      description={data ? `${formatNumberVN(data.meta.total)} tài khoản` : 'Khách hàng, nhân viên bán hàng và quản trị viên'}
      actions={<CreateButton icon={<UserPlusIcon size={18} />} onClick={() => setCreating(true)}>Tạo nhân viên</CreateButton>}
      failure={run}
    >
      <ListCard
        toolbar={toolbar}
        query={list}
        rows={data?.result}
        errorMessage={ADMIN_MESSAGES.loadUsersFailed}
        empty={{ title: 'Không tìm thấy người dùng phù hợp.', icon: <UsersIcon size={28} /> }}
        footer={data && { of: pageOf(data.meta), unit: 'tài khoản', label: 'Phân trang người dùng', onPage: setPage }}
      >
        {/* Phones: one card per account instead of a wide table. */}
        <ResponsiveRows
          label="Danh sách người dùng"
          rows={data?.result ?? []}
          rowKey={(u) => u.id}
          card={(u) => (
            <li key={u.id} className="flex items-start gap-3 p-4">
              <Avatar user={u} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-semibold text-gray-900">
                  {u.username} <span className="font-mono text-xs font-normal text-gray-500">#{u.id}</span>
                </p>
                <p className="truncate text-xs text-gray-500">{u.email}</p>
                <div className="mt-1.5 flex flex-wrap items-center gap-1.5">
                  <RoleBadge role={u.role} />
                  <EnabledPill user={u} />
                </div>
              </div>
              <UserActions user={u} isMe={isMe(u)} onAction={run.setTarget} />
            </li>
          )}
          tableClassName="min-w-[960px]"
          rowProps={(u) => ({ className: u.enabled ? '' : 'bg-gray-50/60' })}
          columns={[
            { header: 'ID', headerClassName: 'w-16', className: 'font-mono text-xs text-gray-500', cell: (u) => `#${u.id}` },
            {
              header: 'Tài khoản',
              cell: (u) => (
                <div className="flex items-center gap-3">
                  <Avatar user={u} />
                  <div className="min-w-0">
                    <p className="truncate font-semibold text-gray-900">
                      {u.username}
                      {isMe(u) && <span className="ml-1.5 text-xs font-medium text-gray-500">(bạn)</span>}
                    </p>
                    <p className="truncate text-xs text-gray-500">{u.fullName || '—'}</p>
                  </div>
                </div>
              ),
            },
            { header: 'E-mail', className: 'max-w-[240px] truncate text-gray-700', cell: (u) => u.email },
            { header: 'Vai trò', cell: (u) => <RoleBadge role={u.role} /> },
            { header: 'Trạng thái', cell: (u) => <EnabledPill user={u} /> },
            { header: 'Ngày tạo', className: 'whitespace-nowrap text-gray-600', cell: (u) => formatDate(u.createdAt) },
            { header: 'Thao tác', align: 'right', cell: (u) => <UserActions user={u} isMe={isMe(u)} onAction={run.setTarget} /> },
          ]}
        />
      </ListCard>

      <ConfirmDialog
        open={confirm !== null}
        title={confirm?.title}
        description={<UserLine user={action?.user}>{confirm?.text}</UserLine>}
        confirmText={confirm?.confirmText}
        danger={confirm?.danger}
        busy={run.mutation.isPending}
        onClose={() => run.setTarget(null)}
        onConfirm={() => action && run.mutation.mutate(action)}
      />
      {action?.kind === 'role' && <RoleDialog user={action.user} busy={run.mutation.isPending} onClose={() => run.setTarget(null)} onSave={(r) => run.mutation.mutate({ ...action, role: r })} />}
      <CreateStaffDialog open={creating} onClose={() => setCreating(false)} />
    </ListPage>
  );
}

function Avatar({ user: u }: { user: AdminUserDto }) {
  return (
    <span
      aria-hidden="true"
      className={`grid size-9 shrink-0 place-items-center rounded-full text-sm font-bold text-white ${u.enabled ? 'bg-gradient-to-br from-brand-500 to-brand-700' : 'bg-gray-300'}`}
    >
      {(u.fullName || u.username).trim().charAt(0).toUpperCase()}
    </span>
  );
}

function EnabledPill({ user: u }: { user: AdminUserDto }) {
  if (u.enabled) {
    return (
      <Pill tone="green" dot>
        Hoạt động
      </Pill>
    );
  }
  return (
    <span title={u.deletedAt ? `Xoá mềm lúc ${formatDateTime(u.deletedAt)}` : undefined}>
      <Pill tone="red" dot>
        {u.deletedAt ? 'Đã vô hiệu hoá' : 'Bị khoá'}
      </Pill>
    </span>
  );
}

/** Role, disable or enable, hard delete; an admin cannot act on their own account (the server refuses it too). */
function UserActions({ user: u, isMe, onAction }: { user: AdminUserDto; isMe: boolean; onAction: (a: Action) => void }) {
  return (
    <RowActions>
      <IconButton label={`Đổi vai trò của ${u.username}`} disabled={isMe} onClick={() => onAction({ kind: 'role', user: u })}>
        <ShieldIcon size={16} />
      </IconButton>
      {u.enabled ? (
        <IconButton label={`Vô hiệu hoá ${u.username}`} tone="danger" disabled={isMe} onClick={() => onAction({ kind: 'soft', user: u })}>
          <BanIcon size={16} />
        </IconButton>
      ) : (
        <IconButton label={`Kích hoạt lại ${u.username}`} tone="success" onClick={() => onAction({ kind: 'enable', user: u })}>
          <UserCheckIcon size={16} />
        </IconButton>
      )}
      <IconButton label={`Xoá vĩnh viễn ${u.username}`} tone="danger" disabled={isMe} onClick={() => onAction({ kind: 'hard', user: u })}>
        <Trash2Icon size={16} />
      </IconButton>
    </RowActions>
  );
}

function UserLine({ user, children }: { user: AdminUserDto | undefined; children: ReactNode }) {
  if (!user) return null;
  return (
    <>
      <span className="mb-2 block font-semibold text-gray-900">
        {user.username} · {user.email}
      </span>
      {children}
    </>
  );
}

function RoleDialog({ user, busy, onClose, onSave }: { user: AdminUserDto; busy: boolean; onClose: () => void; onSave: (r: Role) => void }) {
  const [role, setRole] = useState<Role>(parseRole(user.role) ?? 'USER');
  return (
    <Modal open onClose={busy ? () => undefined : onClose} title="Đổi vai trò" description={`${user.username} · ${user.email}`}>
      <fieldset>
        <legend className="sr-only">Vai trò mới</legend>
        <div className="space-y-2">
          {ROLES.map((r) => (
            <label
              key={r}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-gray-200 px-4 py-3 text-sm hover:border-gray-300 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
            >
              <input type="radio" name="role" value={r} checked={role === r} onChange={() => setRole(r)} className="accent-brand-700" />
              <span className="flex-1">
                <span className="block font-medium text-gray-900">{ROLE_LABELS[r]}</span>
                <span className="block text-xs text-gray-500">{ROLE_HINTS[r]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <DialogButtons row="mt-5" onCancel={onClose} onClick={() => onSave(role)} busy={busy} disabled={role === parseRole(user.role)}>
        Lưu vai trò
      </DialogButtons>
    </Modal>
  );
}
