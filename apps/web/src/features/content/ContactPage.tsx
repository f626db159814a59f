import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGES,
  CONTACT_TOPIC_LABELS,
  CONTACT_TOPICS,
  CONTENT_PAGES,
  contactMessageSchema,
  contentPagePath,
  STORE_CONTACT,
  type ContactMessageInput,
} from '@nhasach/shared';
import { Clock4Icon, MailIcon, MapPinIcon, PhoneIcon } from 'lucide-react';
import { ApiError } from '../../api/client.ts';
import { sendContactMessage } from '../../api/content.ts';
import { Alert } from '../../components/Alert.tsx';
import { Breadcrumb } from '../../components/Breadcrumb.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { FieldErrorText, inputBaseClass, inputClass, TextField } from '../../components/ui/Field.tsx';
import { applyFieldErrors, errorText } from '../../components/ui/errorText.ts';
import { useHydrated } from '../../lib/useHydrated.ts';
import { useAuth } from '../auth/useAuth.ts';

type Values = ContactMessageInput;
const FIELDS = ['name', 'email', 'phone', 'topic', 'message'] as const;

/** /lien-he: the store's address, opening hours, phone and e-mail, and a form whose messages reach the admins. */
export function ContactPage() {
  const { user } = useAuth();
  const hydrated = useHydrated();
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Values>({
    resolver: zodResolver(contactMessageSchema),
    defaultValues: { name: user?.fullName ?? '', email: user?.email ?? '', phone: '', topic: 'ORDER', message: '' },
  });
  const length = (watch('message') ?? '').length;

  const onValid = async (values: Values) => {
    setServerError(undefined);
    setSent(false);
    try {
      await sendContactMessage(values);
      setSent(true);
      reset({ ...values, message: '' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && applyFieldErrors(err, setError, FIELDS) > 0) return;
      setServerError(errorText(err, CONTACT_MESSAGES.failed));
    }
  };

  return (
    <div className="page-container py-4 sm:py-6">
      <Breadcrumb items={[{ label: 'Liên hệ' }]} />
      <h1 className="mt-4 text-2xl font-extrabold text-gray-900 sm:text-3xl">Liên hệ với Nhà Sách</h1>
      <p className="mt-1 text-gray-600">Chúng tôi luôn sẵn sàng hỗ trợ bạn về đơn hàng, giao hàng, đổi trả và mọi câu hỏi khác.</p>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-labelledby="contact-info" className="space-y-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200/70 sm:p-6">
          <h2 id="contact-info" className="text-lg font-bold text-gray-900">
            Thông tin liên hệ
          </h2>
          <dl className="space-y-4 text-sm">
            <InfoRow icon={<MapPinIcon size={20} />} term="Địa chỉ">
              {STORE_CONTACT.address}
            </InfoRow>
            <InfoRow icon={<Clock4Icon size={20} />} term="Giờ mở cửa">
              <ul>
                {STORE_CONTACT.hours.map((h) => (
                  <li key={h.days}>
                    {h.days}: <span className="font-medium text-gray-900">{h.time}</span>
                  </li>
                ))}
              </ul>
            </InfoRow>
            <InfoRow icon={<PhoneIcon size={20} />} term="Điện thoại">
              <a href={STORE_CONTACT.phoneHref} className="font-semibold text-brand-700 hover:underline">
                {STORE_CONTACT.phone}
              </a>
              <span className="block text-xs text-gray-500">{STORE_CONTACT.hotlineNote}</span>
            </InfoRow>
            <InfoRow icon={<MailIcon size={20} />} term="Email">
              <a href={`mailto:${STORE_CONTACT.email}`} className="font-semibold text-brand-700 hover:underline">
                {STORE_CONTACT.email}
              </a>
            </InfoRow>
          </dl>
          <div className="border-t border-gray-100 pt-4">
            <h3 className="text-sm font-semibold text-gray-900">Có thể bạn cần</h3>
            <ul className="mt-2 flex flex-wrap gap-2">
              {CONTENT_PAGES.slice(0, 5).map((p) => (
                <li key={p.slug}>
                  <Link to={contentPagePath(p.slug)} className="inline-block rounded-full border border-gray-200 px-3 py-1.5 text-xs font-medium text-gray-700 hover:border-brand-300 hover:text-brand-700">
                    {p.title}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section aria-labelledby="contact-form" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-gray-200/70 sm:p-6">
          <h2 id="contact-form" className="text-lg font-bold text-gray-900">
            Gửi tin nhắn cho chúng tôi
          </h2>
          <p className="mt-1 text-sm text-gray-500">Nhà Sách trả lời qua email trong vòng 24 giờ làm việc.</p>
          {sent && (
            <Alert tone="success" className="mt-4">
              {CONTACT_MESSAGES.sent}
            </Alert>
          )}
          {serverError && <Alert className="mt-4">{serverError}</Alert>}
          <form noValidate onSubmit={handleSubmit(onValid)} className="mt-4 grid gap-4 sm:grid-cols-2">
            <TextField label="Họ tên" required autoComplete="name" error={errors.name?.message} {...register('name')} />
            <TextField label="Email" type="email" required autoComplete="email" error={errors.email?.message} {...register('email')} />
            <TextField label="Số điện thoại" type="tel" autoComplete="tel" hint="Không bắt buộc" error={errors.phone?.message} {...register('phone')} />
            <div>
              <label htmlFor="contact-topic" className="mb-1.5 block text-sm font-medium text-gray-800">
                Chủ đề
              </label>
              <select
                id="contact-topic"
                aria-invalid={errors.topic ? true : undefined}
                aria-describedby={errors.topic ? 'contact-topic-error' : undefined}
                className={`${inputBaseClass} h-11 pr-8 pl-3`}
                {...register('topic')}
              >
                {CONTACT_TOPICS.map((t) => (
                  <option key={t} value={t}>
                    {CONTACT_TOPIC_LABELS[t]}
                  </option>
                ))}
              </select>
              {errors.topic?.message && <FieldErrorText id="contact-topic-error">{errors.topic.message}</FieldErrorText>}
            </div>
            <div className="sm:col-span-2">
              <div className="mb-1.5 flex text-sm font-medium text-gray-800">
                <label htmlFor="contact-message">Nội dung</label>
                <span className="ml-0.5 text-brand-700" aria-hidden="true">
                  *
                </span>
              </div>
              <textarea
                id="contact-message"
                rows={6}
                maxLength={CONTACT_MESSAGE_MAX}
                aria-required
                aria-invalid={errors.message ? true : undefined}
                aria-describedby={errors.message ? 'contact-message-error' : 'contact-message-count'}
                placeholder="Ví dụ: mã đơn hàng, sách bạn cần tìm, điều bạn muốn hỏi…"
                className={`${inputClass} py-2.5`}
                {...register('message')}
              />
              {errors.message?.message ? (
                <FieldErrorText id="contact-message-error">{errors.message.message}</FieldErrorText>
              ) : (
                <p id="contact-message-count" className="mt-1.5 text-right text-xs text-gray-500">
                  {length}/{CONTACT_MESSAGE_MAX}
                </p>
              )}
            </div>
            <div className="sm:col-span-2">
              {/* The page arrives rendered by the server: until the app has taken it over, a click would send the
                  form the browser's way (the message in the address), so the button waits for it. */}
              <Button type="submit" size="lg" busy={isSubmitting} busyText="Đang gửi…" disabled={!hydrated} className="w-full sm:w-auto">
                Gửi tin nhắn
              </Button>
            </div>
          </form>
        </section>
      </div>
    </div>
  );
}

function InfoRow({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  // A dl's row holds only dt and dd: the icon is drawn inside the term, beside the text.
  return (
    <div className="relative min-h-10 pl-13">
      <dt className="font-semibold text-gray-900">
        <span aria-hidden="true" className="absolute top-0 left-0 grid size-10 place-items-center rounded-full bg-brand-50 text-brand-700">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-0.5 text-gray-600">{children}</dd>
    </div>
  );
}
