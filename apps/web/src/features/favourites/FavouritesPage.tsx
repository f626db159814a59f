import { HeartIcon } from '../../components/icons.tsx';
import { PlaceholderPage } from '../../components/PlaceholderPage.tsx';

/** /yeu-thich — placeholder until the favourites list is built. */
export function FavouritesPage() {
  return <PlaceholderPage title="Sách yêu thích" icon={<HeartIcon size={30} />} description="Những cuốn sách bạn yêu thích sẽ sớm hiển thị tại đây." />;
}
