import { useParams } from 'react-router';
import { GridIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /danh-muc/:catSlug — placeholder until the category listing is built. */
export function CategoryPage() {
  const { catSlug = '' } = useParams();
  return (
    <PlaceholderPage
      title="Danh mục sách"
      icon={<GridIcon size={30} />}
      description="Danh sách sách theo danh mục, bộ lọc và sắp xếp sẽ sớm có tại đây."
      details={[{ label: 'Danh mục', value: catSlug }]}
    />
  );
}
