import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { isNetworkFailure, NETWORK_ERROR_TEXT } from '../api/client.ts';
import { buttonClass } from '../components/Button.tsx';
import { AlertCircleIcon } from '../components/icons.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** Shown when a page throws while rendering (or a lazy chunk fails to load after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  // The server did not answer (a page's data or its file): say so in Vietnamese and retry in place, keeping the
  // header; a reload would land on the browser's own error page while the server is down.
  const offline = isNetworkFailure(error);
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A route's loader names what it did not find (app/routes/load.ts).
    const what = error.data === 'book' || error.data === 'category' ? error.data : 'page';
    return <NotFoundPage what={what} />;
  }
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
      <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <AlertCircleIcon size={28} />
      </div>
      <h1 className="mt-5 text-2xl font-bold text-gray-900">{offline ? 'Mất kết nối' : 'Đã xảy ra lỗi.'}</h1>
      <p className="mt-2 text-gray-600">{offline ? NETWORK_ERROR_TEXT : 'Trang gặp sự cố khi hiển thị. Bạn hãy thử tải lại trang.'}</p>
      <div className="mt-7 flex justify-center gap-3">
        <button type="button" onClick={() => (offline ? void revalidator.revalidate() : window.location.reload())} className={buttonClass('primary', 'md')}>
          Thử lại
        </button>
        <Link to="/" className={buttonClass('outline', 'md')}>
          Về trang chủ
        </Link>
      </div>
    </div>
  );
}
