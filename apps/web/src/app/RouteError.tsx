import { Suspense } from 'react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { CircleAlertIcon } from 'lucide-react';
import { isNetworkFailure } from '../api/client.ts';
import { buttonClass } from '../components/ui/Button.tsx';
import { lazyComponent } from '../lib/lazyComponent.ts';
import { HydratedMark } from './HydratedMark.tsx';
import { NetworkErrorBlock } from './NetworkErrorBlock.tsx';

// The not-found page is a chunk of its own (most visits never see it); this page, shown when a chunk failed to load,
// must not be one.
const NotFoundPage = lazyComponent(async () => (await import('./NotFoundPage.tsx')).NotFoundPage);

/** Shown when a page throws while rendering (or a lazy chunk fails to load after a deploy). */
export function RouteError() {
  return (
    <>
      <RouteErrorBody />
      <HydratedMark />
    </>
  );
}

function RouteErrorBody() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  // The server did not answer (a page's data or its file): say so in Vietnamese and retry in place, keeping the
  // header; a reload would land on the browser's own error page while the server is down.
  if (isNetworkFailure(error)) return <NetworkErrorBlock onRetry={() => void revalidator.revalidate()} />;
  if (isRouteErrorResponse(error) && error.status === 404) {
    // A route's loader names what it did not find (app/routes/load.ts).
    const what = error.data === 'book' || error.data === 'category' ? error.data : 'page';
    return (
      <Suspense fallback={null}>
        <NotFoundPage what={what} />
      </Suspense>
    );
  }
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-20 text-center">
      <div className="mx-auto grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700">
        <CircleAlertIcon size={28} />
      </div>
      <h1 className="mt-5 text-2xl font-bold text-gray-900">Đã xảy ra lỗi.</h1>
      <p className="mt-2 text-gray-600">Trang gặp sự cố khi hiển thị. Bạn hãy thử tải lại trang.</p>
      <div className="mt-7 flex justify-center gap-3">
        <button type="button" onClick={() => window.location.reload()} className={buttonClass('primary', 'md')}>
          Thử lại
        </button>
        <Link to="/" className={buttonClass('outline', 'md')}>
          Về trang chủ
        </Link>
      </div>
    </div>
  );
}
