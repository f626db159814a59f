import { useRef } from 'react';
import { ArrowRightIcon, BookOpenIcon, XIcon } from 'lucide-react';
import { LogoMark } from '../components/Logo.tsx';
import { Dialog } from '../components/ui/Dialog.tsx';
import { STORE_PROMISES } from './layout/Footer.tsx';

/** The welcome overlay's dialog (its own chunk: IntroOverlay loads it on the one visit that shows it). */
export function IntroDialog({ onClose: close }: { onClose: () => void }) {
  const buttonRef = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open
      onClose={close}
      initialFocus={buttonRef}
      labelledBy="intro-title"
      describedBy="intro-desc"
      className="z-[75] flex items-center justify-center p-4"
      backdropClassName="bg-gray-950/65"
      panelClassName="animate-pop-in relative w-full max-w-[720px] overflow-hidden rounded-3xl bg-white shadow-2xl"
    >
      <button
        type="button"
        onClick={close}
        aria-label="Đóng lời chào"
        className="absolute top-3 right-3 z-10 grid size-9 place-items-center rounded-full text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white md:text-gray-500 md:hover:bg-gray-100 md:focus-visible:outline-brand-600"
      >
        <XIcon size={18} />
      </button>
      <div className="grid md:grid-cols-[1fr_1.15fr]">
        <div className="intro-art relative flex flex-col justify-between gap-8 overflow-hidden px-7 py-5 text-white md:py-7">
          <div className="flex items-center gap-2.5">
            <LogoMark className="size-11 rounded-xl ring-2 ring-white/30" />
            <span className="text-xl font-extrabold tracking-tight">Nhà Sách</span>
          </div>
          <div className="relative max-md:hidden">
            <BookOpenIcon size={56} strokeWidth={1.5} className="text-white/90" />
            <p className="mt-4 text-2xl leading-snug font-bold">Mỗi trang sách, một hành trình mới.</p>
          </div>
          <p className="text-sm text-brand-100 max-md:hidden">Hàng nghìn đầu sách chọn lọc, giao tận tay bạn.</p>
        </div>
        <div className="p-7 sm:p-8">
          <p className="inline-flex items-center rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700">
            Chào mừng bạn đến với Nhà Sách
          </p>
          <h2 id="intro-title" className="mt-4 text-2xl leading-tight font-extrabold text-gray-900 sm:text-[28px]">
            Tri thức trong tầm tay, đọc sách mỗi ngày
          </h2>
          <p id="intro-desc" className="mt-3 text-sm leading-relaxed text-gray-600">
            Khám phá sách văn học, kinh tế, thiếu nhi, kỹ năng sống và nhiều hơn nữa với giá tốt cùng những ưu đãi mới
            mỗi tuần.
          </p>
          <ul className="mt-6 space-y-3">
            {STORE_PROMISES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex items-center gap-3">
                <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon size={20} />
                </span>
                <span className="text-sm">
                  <span className="block font-semibold text-gray-900">{title}</span>
                  <span className="block text-gray-500">{text}</span>
                </span>
              </li>
            ))}
          </ul>
          <button
            ref={buttonRef}
            type="button"
            onClick={close}
            className="mt-7 inline-flex h-12 w-full items-center justify-center gap-2 rounded-xl bg-brand-700 px-6 text-base font-semibold text-white shadow-lg shadow-brand-700/25 transition-colors hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
          >
            Khám phá ngay <ArrowRightIcon size={18} />
          </button>
        </div>
      </div>
    </Dialog>
  );
}
