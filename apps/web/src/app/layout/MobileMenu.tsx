import { Suspense, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from 'lucide-react';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import type { HeaderActionItem } from './HeaderActionNav.tsx';

const MobileMenuPanel = lazyComponent(async () => (await import('./MobileMenuPanel.tsx')).MobileMenuPanel);
const loadPanel = () => void MobileMenuPanel.preload();

/** The menu button of small screens and its drawer (MobileMenuPanel): main links, account links and logout. */
export function MobileMenu({ items }: { items: HeaderActionItem[] }) {
  const [open, setOpen] = useState(false);
  const location = useLocation();

  // Any navigation closes the drawer.
  const [lastPath, setLastPath] = useState(location.pathname);
  if (location.pathname !== lastPath) {
    setLastPath(location.pathname);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const mq = window.matchMedia('(min-width: 1024px)');
    const onChange = () => mq.matches && setOpen(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        // The drawer's code is fetched as the finger or pointer comes down, before the click.
        onPointerDown={loadPanel}
        onFocus={loadPanel}
        aria-label="Mở menu"
        aria-expanded={open}
        className="grid size-11 place-items-center rounded-xl text-gray-700 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <MenuIcon size={22} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <MobileMenuPanel items={items} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
