import { Link } from 'react-router';
import { buttonClass } from '../components/Button.tsx';
import { useDocumentTitle } from '../lib/useDocumentTitle.ts';

/** Any unknown path (spec section 2). */
export function NotFoundPage() {
  useDocumentTitle('Không tìm thấy trang');
  return (
    <div className="page-container py-16 text-center sm:py-24">
      {/* A watermark, pure decoration (the heading says what happened): drawn by CSS, so it is no text to read. */}
      <p className="text-7xl font-bold tracking-tight text-brand-700/15 before:content-['404'] sm:text-8xl" aria-hidden="true" />
      <h1 className="mt-2 text-2xl font-bold text-gray-900 sm:text-3xl">Không tìm thấy trang</h1>
      <p className="mx-auto mt-3 max-w-md text-gray-600">Trang bạn tìm có thể đã bị xoá, đổi địa chỉ hoặc chưa từng tồn tại.</p>
      <Link to="/" className={buttonClass('primary', 'lg', 'mt-8')}>
        Về trang chủ
      </Link>
    </div>
  );
}
