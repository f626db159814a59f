import { lazy, Suspense, useState, type ComponentType } from 'react';
import { LoadingBlock } from '../components/Spinner.tsx';
import { lazyComponent } from '../lib/lazyComponent.ts';

/**
 * A page loaded on first visit (its own chunk), e.g. `lazyPage(() => import('./X.tsx'), 'XPage')`.
 * Keeps the admin, sale and heavier storefront pages out of the first download. A page whose file could not be
 * loaded (server down) fails into the route's error page (RouteError: the Vietnamese message and a retry in
 * place); React's lazy keeps a failed load for good, so the page mounted again by that retry loads afresh.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  let failed = false;
  const First = lazyComponent(() =>
    load().then(
      (m) => m[name] as ComponentType,
      (err: unknown) => {
        failed = true;
        throw err;
      },
    ),
  );
  function LazyPage() {
    const [Page] = useState<ComponentType>(() => (failed ? lazy(First.preload as () => Promise<{ default: ComponentType }>) : First));
    return (
      <Suspense fallback={<LoadingBlock className="min-h-[40vh]" />}>
        <Page />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
