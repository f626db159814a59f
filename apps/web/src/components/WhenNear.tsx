import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Renders its children once the block comes within `margin` of the screen, and the placeholder (of the same
 * height) until then: a long page builds what the shopper is about to see, not every row at once.
 */
export function WhenNear({ children, placeholder, margin = '800px' }: { children: ReactNode; placeholder: ReactNode; margin?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
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
  }, [near, margin]);
  return <div ref={ref}>{near ? children : placeholder}</div>;
}
