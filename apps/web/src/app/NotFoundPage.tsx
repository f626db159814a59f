import { Link } from 'react-router';
import { buttonClass } from '../components/ui/Button.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

const WORDS = {
  page: { title: 'Không tìm thấy trang', text: 'Trang bạn tìm có thể đã bị xoá, đổi địa chỉ hoặc chưa từng tồn tại.' },
  book: { title: 'Không tìm thấy sách', text: 'Cuốn sách bạn tìm không tồn tại hoặc đã ngừng kinh doanh.' },
  category: { title: 'Không tìm thấy danh mục', text: 'Danh mục bạn tìm không tồn tại hoặc đã được gỡ bỏ.' },
};

/** Any unknown path (spec section 2), or a book or category that does not exist. */
export function NotFoundPage({ what = 'page' }: { what?: keyof typeof WORDS }) {
  const words = WORDS[what];
  useDocumentTitle('Không tìm thấy trang');
  return (
    <div className="page-container py-16 text-center sm:py-24">
      {/* A watermark, pure decoration (the heading says what happened): drawn by CSS, so it is no text to read. */}
      <p className="text-7xl font-bold tracking-tight text-brand-700/15 before:content-['404'] sm:text-8xl" aria-hidden="true" />
      <h1 className="mt-2 text-2xl font-bold text-gray-900 sm:text-3xl">{words.title}</h1>
      <p className="mx-auto mt-3 max-w-md text-gray-600">{words.text}</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        Về trang chủ
      </Link>
    </div>
  );
}
