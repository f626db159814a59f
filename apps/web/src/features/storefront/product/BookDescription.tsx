import { useEffect, useRef, useState } from 'react';
import { ChevronDownIcon, ChevronUpIcon } from 'lucide-react';

/** Collapsed height of a long description; a text at most SLACK_PX taller is shown whole. */
const COLLAPSED_PX = 360; // the max-h-[360px] class below (Tailwind needs the literal)
const SLACK_PX = 80;
/** Before it can be measured (the server's render, the first frame): about 13 lines of a phone and of a desktop. */
const LONG_GUESS_CHARS = 800;
const guessLong = (html: string) => html.replace(/<[^>]*>/g, '').length > LONG_GUESS_CHARS;

const proseClass =
  'text-[15px] leading-7 text-gray-700 break-words [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-3 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-4 [&_blockquote]:italic [&_h2]:mt-5 [&_h2]:mb-2 [&_h2]:text-lg [&_h2]:font-bold [&_h2]:text-gray-900 [&_h3]:mt-4 [&_h3]:mb-2 [&_h3]:font-bold [&_h3]:text-gray-900 [&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-lg [&_li]:my-1 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6 [&_p]:my-3 [&_strong]:font-semibold [&_strong]:text-gray-900 [&_table]:my-3 [&_td]:border [&_td]:border-gray-200 [&_td]:px-2 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6';

/**
 * 'Mô tả sản phẩm' with a 'Xem thêm' toggle for long texts. The HTML is the server's: cleaned when an admin saves
 * it and again each time the book is answered (apps/server/src/lib/description-html.ts), so the server's render
 * of the page carries it and the browser needs no sanitiser of its own. Whether it is long is guessed from its
 * length first (the server's render and the first frame agree) and measured once laid out.
 */
export function BookDescription({ html }: { html: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const [long, setLong] = useState(() => guessLong(html));
  const [expanded, setExpanded] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    // Measured when the browser has laid the text out (the observer's first call), and again when its width
    // changes: reading the height during the app's start would force a layout of the whole page there.
    const ro = new ResizeObserver(() => setLong(el.scrollHeight > COLLAPSED_PX + SLACK_PX));
    ro.observe(el);
    return () => ro.disconnect();
  }, [html]);
  if (!html.trim()) return <p className="text-sm text-gray-500">Chưa có mô tả cho cuốn sách này.</p>;
  return (
    <div>
      <div className="relative">
        <div
          ref={ref}
          data-testid="book-description"
          className={`${proseClass} overflow-hidden ${long && !expanded ? 'max-h-[360px]' : ''}`}
          // Cleaned by the server (see above).
          dangerouslySetInnerHTML={{ __html: html }}
        />
        {long && !expanded && <div className="pointer-events-none absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-white to-transparent" />}
      </div>
      {long && (
        <div className="mt-3 text-center">
          <button
            type="button"
            aria-expanded={expanded}
            onClick={() => setExpanded((e) => !e)}
            className="inline-flex items-center gap-1 rounded-lg border border-brand-200 px-4 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600"
          >
            {expanded ? (
              <>
                Thu gọn <ChevronUpIcon size={16} />
              </>
            ) : (
              <>
                Xem thêm <ChevronDownIcon size={16} />
              </>
            )}
          </button>
        </div>
      )}
    </div>
  );
}
