import { useEffect, useState, type ReactNode } from 'react';

/**
 * Whether an element has come within `margin` of the screen (true from then on). Returns a ref callback for the
 * element: it may mount after the component does (a page that shows a skeleton first).
 */
export function useNearScreen<T extends Element>(margin = '800px'): [(el: T | null) => void, boolean] {
  const [el, setEl] = useState<T | null>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (!el || near) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: `${margin} 0px` },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [el, near, margin]);
  return [setEl, near];
}

/**
 * Renders its children once the block comes within `margin` of the screen, and the placeholder (of the same
 * height) until then: a long page builds what the shopper is about to see, not every row at once.
 */
export function WhenNear({ children, placeholder, margin = '800px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const [ref, near] = useNearScreen<HTMLDivElement>(margin);
  return <div ref={ref}>{near ? children : placeholder}</div>;
}
