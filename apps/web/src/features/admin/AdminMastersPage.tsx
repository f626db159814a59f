import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { MASTER_KINDS, type MasterKind } from '@nhasach/shared';
import { BookOpenIcon, PackageIcon, UsersIcon } from 'lucide-react';
import { useDocumentTitle } from '../../lib/useDocumentTitle.ts';
import { MasterPanel } from './masters/MasterPanel.tsx';
import { Card, PageHeader, underlineTabClass } from './ui.tsx';

const TABS: Record<MasterKind, { label: string; icon: ReactNode }> = {
  authors: { label: 'Tác giả', icon: <UsersIcon size={16} /> },
  publishers: { label: 'Nhà xuất bản', icon: <BookOpenIcon size={16} /> },
  suppliers: { label: 'Nhà cung cấp', icon: <PackageIcon size={16} /> },
};

const isKind = (v: string | null): v is MasterKind => !!v && (MASTER_KINDS as readonly string[]).includes(v);

/** /admin/masters: authors, publishers and suppliers as tabs (?tab=), each with a create form and a list. */
export function AdminMastersPage() {
  useDocumentTitle('Master Data');
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const active: MasterKind = isKind(tabParam) ? tabParam : 'authors';
  const refs = useRef<Partial<Record<MasterKind, HTMLButtonElement | null>>>({});
  const select = (k: MasterKind, focus = false) => {
    setParams({ tab: k }, { replace: true });
    if (focus) refs.current[k]?.focus();
  };
  // Arrow keys move between tabs (ARIA tabs pattern).
  const onKey = (e: KeyboardEvent) => {
    const i = MASTER_KINDS.indexOf(active);
    if (e.key === 'ArrowRight') select(MASTER_KINDS[(i + 1) % MASTER_KINDS.length] ?? 'authors', true);
    else if (e.key === 'ArrowLeft') select(MASTER_KINDS[(i - 1 + MASTER_KINDS.length) % MASTER_KINDS.length] ?? 'authors', true);
  };

  return (
    <div className="mx-auto max-w-[1400px]">
      <PageHeader title="Master Data" description="Tác giả, nhà xuất bản và nhà cung cấp dùng khi nhập sách" />
      <Card bodyClassName="">
        <div role="tablist" aria-label="Loại dữ liệu" onKeyDown={onKey} className="flex gap-1 overflow-x-auto border-b border-gray-100 px-3 pt-2">
          {MASTER_KINDS.map((k) => (
            <button
              key={k}
              ref={(el) => {
                refs.current[k] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${k}`}
              aria-selected={active === k}
              aria-controls={`panel-${k}`}
              tabIndex={active === k ? 0 : -1}
              onClick={() => select(k)}
              className={`${underlineTabClass(active === k)} inline-flex items-center gap-2 whitespace-nowrap transition-colors`}
            >
              {TABS[k].icon}
              {TABS[k].label}
            </button>
          ))}
        </div>
        <div role="tabpanel" id={`panel-${active}`} aria-labelledby={`tab-${active}`} className="p-4 sm:p-5">
          <MasterPanel key={active} kind={active} />
        </div>
      </Card>
    </div>
  );
}
