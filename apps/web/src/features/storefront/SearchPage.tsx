import { useSearchParams } from 'react-router';
import { SearchIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /search?q=... — placeholder until the search results page is built. */
export function SearchPage() {
  const [params] = useSearchParams();
  const q = params.get('q')?.trim() ?? '';
  return (
    <PlaceholderPage
      title="Kết quả tìm kiếm"
      icon={<SearchIcon size={30} />}
      description="Kết quả tìm kiếm sẽ sớm hiển thị tại đây."
      details={q ? [{ label: 'Từ khóa', value: q }] : []}
    />
  );
}
