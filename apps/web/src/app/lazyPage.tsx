import { Suspense, type ComponentType } from 'react';
import { LoadingBlock } from '../components/ui/Spinner.tsx';
import { lazyComponent } from '../lib/lazyComponent.ts';

/**
 * A page loaded on first visit (its own chunk), e.g. `lazyPage(() => import('./X.tsx'), 'XPage')`.
 * Keeps the admin, sale and heavier storefront pages out of the first download.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  const Lazy = lazyComponent(async () => (await load())[name] as ComponentType);
  function LazyPage() {
    return (
      <Suspense fallback={<LoadingBlock className="min-h-[40vh]" />}>
        <Lazy />
      </Suspense>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
