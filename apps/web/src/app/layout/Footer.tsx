import { Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { WhenNear } from '../../components/WhenNear.tsx';
import { lazyComponent } from '../../lib/lazyComponent.ts';
import { Logo } from '../../components/Logo.tsx';
import { CONTENT_PAGES, contentPagePath, formatDateVN, STORE_CONTACT } from '@nhasach/shared';
import { BanknoteIcon, CreditCardIcon, HeadphonesIcon, MailIcon, MapPinIcon, PhoneIcon, ShieldCheckIcon, TruckIcon } from 'lucide-react';

// The business details at the foot of every page (the shop's settings, read in the browser) load with their code
// when the footer comes near the screen, not with the page's first files.
const BusinessDetails = lazyComponent(async () => (await import('./BusinessDetails.tsx')).BusinessDetails);

/** The three static promises of the store (spec section 1). */
export const STORE_PROMISES = [
  { icon: TruckIcon, title: 'Giao hàng miễn phí', text: 'Cho đơn hàng từ 500.000₫' },
  { icon: HeadphonesIcon, title: 'Hỗ trợ 24/7', text: 'Luôn sẵn sàng giải đáp' },
  { icon: ShieldCheckIcon, title: 'Thanh toán an toàn', text: 'COD, VNPAY hoặc chuyển khoản VietQR' },
] as const;

const SUPPORT = CONTENT_PAGES.filter((p) => p.group === 'support');
const POLICIES = CONTENT_PAGES.filter((p) => p.group === 'policy');
const linkClass = 'rounded hover:text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600';
const PAYMENT_PAGE = contentPagePath('thanh-toan');
const chipClass =
  'inline-flex items-center gap-1.5 rounded-lg border border-gray-200 px-3 py-2 text-xs font-semibold text-gray-700 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600';

function Column({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className="mb-4 text-sm font-bold tracking-wide text-gray-900 uppercase">{title}</h2>
      {children}
    </div>
  );
}

export function Footer() {
  return (
    <footer className="render-when-near [contain-intrinsic-size:auto_1100px] sm:[contain-intrinsic-size:auto_600px] mt-auto border-t border-gray-200 bg-white">
      <div className="border-b border-gray-100">
        <ul className="page-container grid gap-4 py-6 sm:grid-cols-3">
          {STORE_PROMISES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-center gap-3">
              <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
                <Icon size={22} />
              </span>
              <span>
                <span className="block text-sm font-semibold text-gray-900">{title}</span>
                <span className="block text-xs text-gray-500">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>

      <div className="page-container grid gap-8 py-10 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.2fr_1fr]">
        <div>
          <Logo />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-gray-600">
            Nhà Sách là nhà sách trực tuyến với hàng nghìn đầu sách tiếng Việt và sách dịch, giao hàng toàn quốc.
          </p>
        </div>
        <Column title="Hỗ trợ khách hàng">
          <ul className="space-y-2.5 text-sm text-gray-600">
            {SUPPORT.map((p) => (
              <li key={p.slug}>
                <Link to={contentPagePath(p.slug)} className={linkClass}>
                  {p.title}
                </Link>
              </li>
            ))}
            <li>
              <Link to="/lien-he" className="text-brand-700 hover:underline">
                Liên hệ với chúng tôi
              </Link>
            </li>
          </ul>
        </Column>
        <Column title="Chính sách">
          <ul className="space-y-2.5 text-sm text-gray-600">
            {POLICIES.map((p) => (
              <li key={p.slug}>
                <Link to={contentPagePath(p.slug)} className={linkClass}>
                  {p.title}
                </Link>
              </li>
            ))}
          </ul>
        </Column>
        <Column title="Liên hệ">
          <ul className="space-y-3 text-sm text-gray-600">
            <li className="flex gap-2.5">
              <MapPinIcon size={18} className="mt-0.5 shrink-0 text-brand-700" />
              <Link to="/lien-he" className={linkClass}>
                {STORE_CONTACT.address}
              </Link>
            </li>
            <li className="flex gap-2.5">
              <PhoneIcon size={18} className="mt-0.5 shrink-0 text-brand-700" />
              <a href={STORE_CONTACT.phoneHref} className={linkClass}>
                {STORE_CONTACT.phone}
              </a>
            </li>
            <li className="flex gap-2.5">
              <MailIcon size={18} className="mt-0.5 shrink-0 text-brand-700" />
              <a href={`mailto:${STORE_CONTACT.email}`} className={linkClass}>
                {STORE_CONTACT.email}
              </a>
            </li>
          </ul>
        </Column>
        <Column title="Thanh toán">
          <ul className="flex flex-wrap gap-2">
            <li>
              <Link to={PAYMENT_PAGE} className={chipClass}>
                <BanknoteIcon size={16} className="text-emerald-600" /> <span className="sr-only">Thanh toán khi nhận hàng </span>COD
              </Link>
            </li>
            <li>
              <Link to={PAYMENT_PAGE} className={chipClass}>
                <CreditCardIcon size={16} className="text-sky-700" /> <span className="sr-only">Thanh toán qua </span>VNPAY
              </Link>
            </li>
            <li>
              <Link to={PAYMENT_PAGE} className={chipClass}>
                <BanknoteIcon size={16} className="text-brand-700" /> <span className="sr-only">Chuyển khoản ngân hàng </span>VietQR
              </Link>
            </li>
          </ul>
          <p className="mt-3 text-xs leading-relaxed text-gray-500">
            Thanh toán khi nhận hàng, qua thẻ/QR với VNPAY hoặc chuyển khoản ngân hàng bằng mã VietQR.{' '}
            <Link to={PAYMENT_PAGE} className="text-brand-700 underline underline-offset-2">
              Xem chi tiết
            </Link>
          </p>
        </Column>
      </div>

      <div className="border-t border-gray-100 bg-gray-50">
        {/* Near the screen, not 800 px away: a short page's first screen does not load it for a shopper who does not
            scroll to the foot (the sign-up form on a desktop); 300 px leave it time to come before it is seen. */}
        <WhenNear placeholder={null} margin="300px">
          <Suspense fallback={null}>
            <BusinessDetails />
          </Suspense>
        </WhenNear>
        {/* The year of the server's render and of the browser's may differ on New Year's Eve. */}
        <p className="page-container py-4 text-center text-xs text-gray-500" suppressHydrationWarning>
          © {formatDateVN(Date.now()).slice(-4)} Nhà Sách. Bảo lưu mọi quyền.
        </p>
      </div>
    </footer>
  );
}
