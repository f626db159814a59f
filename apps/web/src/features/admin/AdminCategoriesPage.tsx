import { TagIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /admin/categories — placeholder until this admin screen is built. */
export function AdminCategoriesPage() {
  return <PlaceholderPage contained={false} title="Quản lý danh mục" icon={<TagIcon size={30} />} description="Tạo và xem danh mục sách sẽ có tại đây." />;
}
