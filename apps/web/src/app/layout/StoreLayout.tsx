import { Outlet } from 'react-router';
import { HydratesApart } from '../../components/HydratesApart.tsx';
import { Footer } from './Footer.tsx';
import { Header } from './Header.tsx';

/** Storefront frame: skip link, header, page, footer. */
export function StoreLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[90] rounded-lg bg-white font-semibold text-brand-700 shadow-lg ring-2 ring-brand-700 focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-4 focus:py-2"
      >
        Bỏ qua đến nội dung chính
      </a>
      <Header />
      {/* At least a screen high: the footer never shows above the fold while a page loads, then jumps away (CLS). */}
      <main id="main-content" tabIndex={-1} className="min-h-dvh flex-1 outline-none">
        <Outlet />
      </main>
      <HydratesApart>
        <Footer />
      </HydratesApart>
    </div>
  );
}
