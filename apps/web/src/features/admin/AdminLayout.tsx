import { BackOfficeShell } from '../../components/BackOfficeShell.tsx';
import { BookOpenIcon, DashboardIcon, DatabaseIcon, GiftIcon, TagIcon, UsersIcon } from '../../components/icons.tsx';

/** /admin frame: sidebar Dashboard, books, users, categories, master data, vouchers. */
export function AdminLayout() {
  return (
    <BackOfficeShell
      title="Quản trị"
      rootPath="/admin"
      nav={[
        { to: '/admin', label: 'Dashboard', icon: <DashboardIcon size={18} />, end: true },
        { to: '/admin/books', label: 'Sách', icon: <BookOpenIcon size={18} /> },
        { to: '/admin/users', label: 'Người dùng', icon: <UsersIcon size={18} /> },
        { to: '/admin/categories', label: 'Danh mục', icon: <TagIcon size={18} /> },
        { to: '/admin/masters', label: 'Master Data', icon: <DatabaseIcon size={18} /> },
        { to: '/admin/vouchers', label: 'Mã giảm giá', icon: <GiftIcon size={18} /> },
      ]}
    />
  );
}
