import { DashboardIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /admin — placeholder until this admin screen is built. */
export function AdminDashboardPage() {
  return <PlaceholderPage contained={false} title="Dashboard" icon={<DashboardIcon size={30} />} description="Tổng quan hoạt động của cửa hàng sẽ hiển thị tại đây." />;
}
