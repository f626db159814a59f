import { Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ChevronDownIcon, LayoutGridIcon } from 'lucide-react';
import { categoryTreeQueryOptions } from '../../features/storefront/api/get-category-tree.ts';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { DropdownPanel } from '../../components/ui/Menu.tsx';

// What the open panel shows loads at the first sign of use, with the dropdown's own code (components/ui/Menu.tsx):
// every page draws the closed button, few shoppers open it.
const CategoryMenuPanel = lazyComponent(async () => (await import('./CategoryMenuPanel.tsx')).CategoryMenuPanel);

/**
 * The category menu of the header (spec section 2): a toggle and a 900 px panel (full width on small
 * screens) with the top categories in two columns; closes on an outside click, Escape, or a chosen link.
 */
export function CategoryMenu({ compact = false }: { compact?: boolean }) {
  const [requested, setRequested] = useState(false);
  const query = useQuery({ ...categoryTreeQueryOptions(), enabled: requested, retry: 1 });

  return (
    <DropdownPanel
      className="lg:relative"
      onIntent={() => {
        setRequested(true);
        void CategoryMenuPanel.preload();
      }}
      buttonLabel={(open) => (open ? 'Đóng danh mục' : 'Mở danh mục')}
      buttonClassName={(open) =>
        `inline-flex h-11 items-center gap-2 rounded-xl text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${
          compact ? 'w-11 justify-center' : 'px-3.5'
        } ${open ? 'bg-brand-700 text-white' : 'bg-brand-50 text-brand-700 hover:bg-brand-100'}`
      }
      button={(open) => (
        <>
          <LayoutGridIcon size={20} />
          {!compact && (
            <>
              <span>Danh mục</span>
              <ChevronDownIcon size={16} className={`transition-transform ${open ? 'rotate-180' : ''}`} />
            </>
          )}
        </>
      )}
      panelClassName="animate-drop-in absolute inset-x-0 top-full z-40 mt-0 border-t border-gray-100 bg-white shadow-2xl shadow-gray-900/10 lg:inset-x-auto lg:left-0 lg:mt-3 lg:w-[900px] lg:rounded-2xl lg:border lg:border-gray-200"
    >
      {/* The columns exist only while the menu is open: a closed menu costs the page no elements. */}
      {(close) => (
        <Suspense fallback={null}>
          <CategoryMenuPanel query={query} close={close} />
        </Suspense>
      )}
    </DropdownPanel>
  );
}
