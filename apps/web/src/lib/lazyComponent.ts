import { createElement, lazy, Suspense, type ComponentProps, type ComponentType } from 'react';

const preloads: (() => Promise<unknown>)[] = [];

/**
 * React.lazy that can be loaded ahead: once `preload` has run, the component's first render finds it at once
 * (a thenable that answers synchronously) instead of suspending. The server preloads every one of them
 * (preloadAllComponents) so that its render of a page is one pass with no Suspense fallback in the HTML;
 * in the browser they load on first use, or when `preload` is called.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: { default: ComponentType<P> } | undefined;
  const preload = () => load().then((component) => (loaded = { default: component }));
  preloads.push(preload);
  const component = lazy(() => {
    const ready = loaded;
    if (!ready) return preload();
    // React's lazy takes a thenable that calls back before `then` returns as already resolved.
    return { then: (resolve: (value: typeof ready) => void) => resolve(ready) } as unknown as Promise<typeof ready>;
  });
  // The browser may fetch it ahead too (e.g. when the shopper focuses the field whose dropdown it is).
  return Object.assign(component, { preload });
}

/** Loads every lazy component, including those declared by the modules it loads. */
export async function preloadAllComponents(): Promise<void> {
  let done = 0;
  while (done < preloads.length) {
    const batch = preloads.slice(done);
    done = preloads.length;
    await Promise.all(batch.map((p) => p()));
  }
}

const AlertBox = lazyComponent(async () => (await import('../components/Alert.tsx')).Alert);

/**
 * The Alert box with its code loaded when one shows: for pages where a notice or a refusal is the exception (the
 * sign-in forms, the cart, an order, the buy box), so that their first load does not carry it. Kept here, in the
 * app's first file, so that it is not a file of its own for each of them to fetch.
 */
export function LazyAlert(props: ComponentProps<typeof AlertBox>) {
  return createElement(Suspense, { fallback: null }, createElement(AlertBox, props));
}
