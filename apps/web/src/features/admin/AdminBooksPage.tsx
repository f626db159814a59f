import { BookOpenIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /admin/books — placeholder until this admin screen is built. */
export function AdminBooksPage() {
  return <PlaceholderPage contained={false} title="Quản lý sách" icon={<BookOpenIcon size={30} />} description="Danh sách, thêm, sửa và xoá sách sẽ có tại đây." />;
}
