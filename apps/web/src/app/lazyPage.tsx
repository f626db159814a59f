import { Component, lazy, Suspense, useState, type ComponentType, type ReactNode } from 'react';
import { LoadingBlock } from '../components/ui/Spinner.tsx';
import { isNetworkFailure } from '../api/client.ts';
import { lazyComponent } from '../lib/lazyComponent.ts';
import { HydratedMark } from './HydratedMark.tsx';
import { NetworkErrorBlock } from './NetworkErrorBlock.tsx';

/**
 * Catches a page part whose file could not be loaded (server down, connection lost) and offers to try again in
 * place: the header and the rest of the page stay, no reload into the browser's own error page. Other errors go
 * on to the route's error page.
 */
class ChunkBoundary extends Component<{ onRetry: () => void; children: ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: undefined };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!isNetworkFailure(error)) throw error;
    return (
      <NetworkErrorBlock
        onRetry={() => {
          this.setState({ error: undefined });
          this.props.onRetry();
        }}
      />
    );
  }
}

/**
 * A page loaded on first visit (its own chunk), e.g. `lazyPage(() => import('./X.tsx'), 'XPage')`.
 * Keeps the admin, sale and heavier storefront pages out of the first download.
 */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  const First = lazyComponent(async () => (await load())[name] as ComponentType);
  function LazyPage() {
    // React's lazy keeps a failed load for good: a retry renders a new lazy component that loads again.
    const [attempt, setAttempt] = useState<{ n: number; Page: ComponentType }>({ n: 0, Page: First });
    const { Page } = attempt;
    return (
      <ChunkBoundary onRetry={() => setAttempt((a) => ({ n: a.n + 1, Page: lazy(First.preload as () => Promise<{ default: ComponentType }>) }))}>
        <Suspense fallback={<LoadingBlock className="min-h-[40vh]" />}>
          <Page />
          <HydratedMark />
        </Suspense>
      </ChunkBoundary>
    );
  }
  LazyPage.displayName = `Lazy(${name})`;
  return LazyPage;
}
