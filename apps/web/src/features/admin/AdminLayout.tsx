import { BookOpenIcon, ClipboardListIcon, DatabaseIcon, GiftIcon, LayoutDashboardIcon, MailIcon, TagIcon, UsersIcon } from 'lucide-react';
import { BackOfficeShell } from '../../components/BackOfficeShell.tsx';

/** /admin frame: sidebar Dashboard, books, users, categories, master data, vouchers, information pages, contact messages. */
export function AdminLayout() {
  return (
    <BackOfficeShell
      title="Quản trị"
      rootPath="/admin"
      nav={[
        { to: '/admin', label: 'Dashboard', icon: <LayoutDashboardIcon size={18} />, end: true },
        { to: '/admin/books', label: 'Sách', icon: <BookOpenIcon size={18} /> },
        { to: '/admin/stock', label: 'Kho hàng', icon: <ClipboardListIcon size={18} /> },
        { to: '/admin/users', label: 'Người dùng', icon: <UsersIcon size={18} /> },
        { to: '/admin/categories', label: 'Danh mục', icon: <TagIcon size={18} /> },
        { to: '/admin/masters', label: 'Master Data', icon: <DatabaseIcon size={18} /> },
        { to: '/admin/vouchers', label: 'Mã giảm giá', icon: <GiftIcon size={18} /> },
        { to: '/admin/pages', label: 'Trang thông tin', icon: <ClipboardListIcon size={18} /> },
        { to: '/admin/contact', label: 'Liên hệ', icon: <MailIcon size={18} /> },
      ]}
    />
  );
}
