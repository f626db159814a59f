/**
 * The loader of a storefront page the server has rendered (apps/server/src/modules/seo puts it in place of the
 * app's entry): the page is already on screen, so the app's scripts wait for the page's load event (its cover
 * and stylesheet go first on a slow line) and the first paint, or for the shopper's first touch or key, whichever
 * comes first, and then load together.
 */
const tag = document.querySelector<HTMLScriptElement>('script[data-entry]');
const entry = tag?.dataset.entry;
if (entry) {
  const files = (tag.dataset.preload ?? '').split(' ').filter(Boolean);
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const href of files) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
    void import(/* @vite-ignore */ entry);
  };
  // After the load event and the frame after it: when the page was still being laid out at its load event, the
  // scripts would otherwise start downloading before the first paint and hold back the largest one on a slow line.
  // A tab opened in the background (no frames) starts anyway.
  const afterPaint = () => {
    requestAnimationFrame(() => setTimeout(start, 0));
    setTimeout(start, 500);
  };
  if (document.readyState === 'complete') afterPaint();
  else {
    addEventListener('load', afterPaint, { once: true });
    for (const type of ['pointerdown', 'keydown']) addEventListener(type, start, { once: true, capture: true });
  }
}
