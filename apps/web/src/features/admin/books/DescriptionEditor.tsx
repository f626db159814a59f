import { useDeferredValue, useMemo, useRef, useState } from 'react';
import DOMPurify from 'dompurify';
import { inputClass } from '../../../components/ui/Field.tsx';

/** Toolbar actions: HTML wrapped around the selection (the server keeps p, br, strong, em, u, lists, h2-h4, blockquote, a). */
const ACTIONS: { label: string; title: string; before: string; after: string; className?: string }[] = [
  { label: 'B', title: 'In đậm', before: '<strong>', after: '</strong>', className: 'font-bold' },
  { label: 'I', title: 'In nghiêng', before: '<em>', after: '</em>', className: 'italic' },
  { label: 'U', title: 'Gạch chân', before: '<u>', after: '</u>', className: 'underline' },
  { label: 'H2', title: 'Tiêu đề', before: '<h2>', after: '</h2>' },
  { label: '¶', title: 'Đoạn văn', before: '<p>', after: '</p>' },
  { label: '•', title: 'Danh sách', before: '<ul>\n  <li>', after: '</li>\n</ul>' },
  { label: '❝', title: 'Trích dẫn', before: '<blockquote>', after: '</blockquote>' },
];

const previewClass =
  'min-h-[180px] rounded-lg border border-gray-200 bg-white px-4 py-3 text-sm leading-6 text-gray-700 break-words [&_a]:text-brand-700 [&_a]:underline [&_blockquote]:my-2 [&_blockquote]:border-l-4 [&_blockquote]:border-brand-200 [&_blockquote]:pl-3 [&_blockquote]:italic [&_h2]:mt-3 [&_h2]:mb-1 [&_h2]:text-base [&_h2]:font-bold [&_h3]:font-bold [&_li]:my-0.5 [&_ol]:list-decimal [&_ol]:pl-5 [&_p]:my-2 [&_strong]:font-semibold [&_ul]:list-disc [&_ul]:pl-5';

/** The preview's cleaning: what the server keeps on save is narrower still (apps/server/src/lib/description-html.ts). */
function sanitizeDescription(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}

/**
 * HTML description: a textarea with a small formatting toolbar and a live preview, cleaned in the browser (the
 * server cleans again on save and whenever the book is answered).
 */
export function DescriptionEditor({ id, value, onChange, onBlur }: { id: string; value: string; onChange: (v: string) => void; onBlur?: () => void }) {
  const ref = useRef<HTMLTextAreaElement>(null);
  const [tab, setTab] = useState<'edit' | 'preview' | 'split'>('split');
  const deferred = useDeferredValue(value);
  const clean = useMemo(() => sanitizeDescription(deferred), [deferred]);

  const wrap = (before: string, after: string) => {
    const el = ref.current;
    if (!el) return;
    const { selectionStart: s, selectionEnd: e } = el;
    const selected = value.slice(s, e) || 'nội dung';
    const next = value.slice(0, s) + before + selected + after + value.slice(e);
    onChange(next);
    requestAnimationFrame(() => {
      el.focus();
      el.setSelectionRange(s + before.length, s + before.length + selected.length);
    });
  };

  const tabBtn = (key: typeof tab, label: string) => (
    <button
      type="button"
      role="tab"
      aria-selected={tab === key}
      onClick={() => setTab(key)}
      className={`rounded-md px-2.5 py-1 text-xs font-semibold ${tab === key ? 'bg-white text-gray-900 shadow-sm' : 'text-gray-500 hover:text-gray-800'}`}
    >
      {label}
    </button>
  );

  return (
    <div>
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <div role="toolbar" aria-label="Định dạng mô tả" className="flex flex-wrap gap-1">
          {ACTIONS.map((a) => (
            <button
              key={a.title}
              type="button"
              title={a.title}
              aria-label={a.title}
              disabled={tab === 'preview'}
              onClick={() => wrap(a.before, a.after)}
              className={`grid h-8 min-w-8 place-items-center rounded-md border border-gray-200 bg-white px-2 text-sm text-gray-700 hover:border-brand-300 hover:text-brand-700 disabled:opacity-40 ${a.className ?? ''}`}
            >
              {a.label}
            </button>
          ))}
        </div>
        <div role="tablist" aria-label="Chế độ xem mô tả" className="flex rounded-lg bg-gray-100 p-0.5">
          {tabBtn('edit', 'Soạn')}
          {tabBtn('split', 'Song song')}
          {tabBtn('preview', 'Xem trước')}
        </div>
      </div>
      <div className={`grid gap-3 ${tab === 'split' ? 'md:grid-cols-2' : ''}`}>
        {tab !== 'preview' && (
          <textarea
            ref={ref}
            id={id}
            value={value}
            onChange={(e) => onChange(e.target.value)}
            onBlur={onBlur}
            rows={9}
            spellCheck={false}
            placeholder="<p>Giới thiệu nội dung sách…</p>"
            className={`${inputClass} min-h-[180px] py-2.5 font-mono text-[13px] leading-5`}
          />
        )}
        {tab !== 'edit' && (
          <div aria-label="Xem trước mô tả" className="relative">
            {clean.trim() ? (
              // Sanitised just above with the product page's DOMPurify settings.
              <div className={previewClass} dangerouslySetInnerHTML={{ __html: clean }} />
            ) : (
              <div className={`${previewClass} grid place-items-center text-gray-500`}>Xem trước mô tả tại đây</div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
