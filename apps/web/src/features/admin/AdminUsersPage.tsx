import { UsersIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /admin/users — placeholder until this admin screen is built. */
export function AdminUsersPage() {
  return <PlaceholderPage contained={false} title="Quản lý người dùng" icon={<UsersIcon size={30} />} description="Danh sách người dùng và thao tác xoá sẽ có tại đây." />;
}
