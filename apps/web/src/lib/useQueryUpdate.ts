import { useCallback, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigate, type NavigateOptions } from 'react-router';

/**
 * Navigates to an address built from the page's latest query, counting changes still on their way. The router shows
 * a new address in a later render, so a second change made before it (clearing one date, then typing the other)
 * would be built on the old query and bring back what the first change removed; React Router's own
 * `setSearchParams(prev => …)` reads the rendered query too.
 */
export function useQueryUpdate() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const rendered = useRef(search);
  // Queries sent and not yet rendered, oldest first, with the query that was on screen when the first was sent.
  const pending = useRef<{ from: string; sent: string[] }>({ from: search, sent: [] });
  useLayoutEffect(() => {
    rendered.current = search;
  }, [search]);

  return useCallback(
    (build: (current: URLSearchParams) => string, options?: NavigateOptions) => {
      const now = rendered.current;
      const landed = pending.current.sent.indexOf(now);
      // Some have landed: keep the rest. None has and the screen moved elsewhere (back, a link): start over from it.
      if (landed >= 0) pending.current = { from: now, sent: pending.current.sent.slice(landed + 1) };
      else if (pending.current.from !== now) pending.current = { from: now, sent: [] };
      const href = build(new URLSearchParams(pending.current.sent.at(-1) ?? now));
      const query = href.includes('?') ? href.slice(href.indexOf('?')) : '';
      pending.current.sent.push(query === '?' ? '' : query);
      void navigate(href, options);
    },
    [navigate],
  );
}
