import { DatabaseIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /admin/masters — placeholder until this admin screen is built. */
export function AdminMastersPage() {
  return <PlaceholderPage contained={false} title="Master Data" icon={<DatabaseIcon size={30} />} description="Tác giả, nhà xuất bản và nhà cung cấp sẽ được quản lý tại đây." />;
}
