import { useParams } from 'react-router';
import { BookOpenIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /books/:slug and /danh-muc/:catSlug/:slug — placeholder until the product page is built. */
export function ProductDetailPage() {
  const { slug = '', catSlug } = useParams();
  return (
    <PlaceholderPage
      title="Chi tiết sách"
      icon={<BookOpenIcon size={30} />}
      description="Thông tin chi tiết của cuốn sách sẽ sớm hiển thị tại đây."
      details={[{ label: 'Mã sách', value: slug }, ...(catSlug ? [{ label: 'Danh mục', value: catSlug }] : [])]}
    />
  );
}
