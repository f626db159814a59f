import { z } from 'zod';
import { pageParam, queryScalar, sizeParam, text } from './input.ts';
import { emailSchema, PHONE_PATTERN } from './validation.ts';
import { SHOP_SETTING_FIELDS } from './shop-settings.ts';
import { isContentPageSlug } from './content-pages.ts';

export const CONTENT_TITLE_MAX = 200;
export const CONTENT_MARKDOWN_MAX = 50_000;

export const contentSlugParams = z.object({
  slug: text('Trang')
    .trim()
    .toLowerCase()
    .max(100, 'Không tìm thấy trang.')
    .refine(isContentPageSlug, 'Không tìm thấy trang.'),
});

export const contentPageUpdateSchema = z.object({
  title: text('Tiêu đề', { error: 'Vui lòng nhập tiêu đề.' })
    .trim()
    .min(1, 'Vui lòng nhập tiêu đề.')
    .max(CONTENT_TITLE_MAX, `Tiêu đề tối đa ${CONTENT_TITLE_MAX} ký tự.`),
  markdown: text('Nội dung', { multiline: true, error: 'Vui lòng nhập nội dung.' })
    .trim()
    .min(1, 'Vui lòng nhập nội dung.')
    .max(CONTENT_MARKDOWN_MAX, `Nội dung tối đa 50.000 ký tự.`),
});
export type ContentPageUpdateInput = z.input<typeof contentPageUpdateSchema>;

export const contentPreviewSchema = contentPageUpdateSchema.pick({ markdown: true });

export interface ContentPageDto {
  slug: string;
  title: string;
  /** Rendered from the Markdown and cleaned on the server (sanitize-html): safe to show as HTML. */
  html: string;
  updatedAt: string;
}
export interface AdminContentPageDto extends ContentPageDto {
  markdown: string;
  updatedBy: string | null;
}

// ---- contact form

export const CONTACT_NAME_MAX = 100;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;
export const CONTACT_MESSAGES = {
  sent: 'Cảm ơn bạn đã liên hệ. Nhà Sách sẽ phản hồi qua email trong vòng 24 giờ làm việc.',
  failed: 'Không gửi được tin nhắn. Vui lòng thử lại.',
  tooMany: (s: number) => `Bạn đã gửi quá nhiều tin nhắn. Vui lòng thử lại sau ${Math.ceil(s / 60)} phút.`,
} as const;

export const CONTACT_TOPICS = ['ORDER', 'PAYMENT', 'SHIPPING', 'RETURN', 'OTHER'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
export const CONTACT_TOPIC_LABELS: Record<ContactTopic, string> = {
  ORDER: 'Đơn hàng',
  PAYMENT: 'Thanh toán',
  SHIPPING: 'Giao hàng',
  RETURN: 'Đổi trả, hoàn tiền',
  OTHER: 'Khác',
};

export const contactMessageSchema = z.object({
  name: text('Họ tên', { error: 'Vui lòng nhập họ tên.' })
    .trim()
    .min(1, 'Vui lòng nhập họ tên.')
    .max(CONTACT_NAME_MAX, `Họ tên tối đa ${CONTACT_NAME_MAX} ký tự.`),
  email: emailSchema,
  /** Optional; blank becomes absent. */
  phone: text('Số điện thoại')
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.string().regex(PHONE_PATTERN, 'Số điện thoại phải gồm 8-15 ký tự số, +, - hoặc khoảng trắng.').optional()),
  topic: z.enum(CONTACT_TOPICS, { error: 'Vui lòng chọn chủ đề.' }),
  message: text('Nội dung', { multiline: true, error: 'Vui lòng nhập nội dung.' })
    .trim()
    .min(CONTACT_MESSAGE_MIN, `Nội dung tối thiểu ${CONTACT_MESSAGE_MIN} ký tự.`)
    .max(CONTACT_MESSAGE_MAX, `Nội dung tối đa ${CONTACT_MESSAGE_MAX} ký tự.`),
});
export type ContactMessageInput = z.input<typeof contactMessageSchema>;

export interface ContactMessageDto {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  topic: ContactTopic;
  message: string;
  createdAt: string;
  handledAt: string | null;
  handledBy: string | null;
}

export const CONTACT_STATUSES = ['NEW', 'HANDLED'] as const;
export const contactListQuerySchema = z.object({
  page: pageParam(),
  size: sizeParam(20, 100),
  status: z.preprocess(queryScalar, z.enum(CONTACT_STATUSES, { error: 'Trạng thái không hợp lệ.' }).optional()),
});
export const contactHandledSchema = z.object({ handled: z.boolean({ error: 'handled phải là true hoặc false.' }) });

// ---------------------------------------------------------------------------------------------------------
// Shop settings: what the footer shows of the business (set by admins; an empty field hides its part)

const settingText = (label: string, max: number) =>
  text(label)
    .trim()
    .max(max, `${label} tối đa ${max} ký tự.`);
const linkText = (label: string) =>
  settingText(label, 500).refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v) || /^\/[^\s/][^\s]*$/.test(v), `${label} phải là địa chỉ http(s)://… hoặc đường dẫn bắt đầu bằng /.`);

export const shopSettingsSchema = z
  .object({
    businessName: settingText(SHOP_SETTING_FIELDS.businessName, 200),
    businessRegistration: settingText(SHOP_SETTING_FIELDS.businessRegistration, 300),
    businessAddress: settingText(SHOP_SETTING_FIELDS.businessAddress, 300),
    moitUrl: linkText(SHOP_SETTING_FIELDS.moitUrl),
    // A picture the shop serves itself (the pages' Content-Security-Policy loads images from the shop only), e.g.
    // the bundled /badges/da-thong-bao-bct.svg.
    moitImageUrl: settingText(SHOP_SETTING_FIELDS.moitImageUrl, 500).refine(
      (v) => v === '' || /^\/[^\s/][^\s]*$/.test(v),
      `${SHOP_SETTING_FIELDS.moitImageUrl} phải là đường dẫn ảnh trên cửa hàng, bắt đầu bằng / (ví dụ /badges/da-thong-bao-bct.svg).`,
    ),
  })
  .partial()
  .strict();
export type ShopSettingsInput = z.input<typeof shopSettingsSchema>;
