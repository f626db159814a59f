import { z } from 'zod';
import { BIRTH_YEAR_MAX, BIRTH_YEAR_MIN, OTP_LENGTH, PASSWORD_MAX, PASSWORD_MIN } from './constants.ts';
import { requireChange, text } from './input.ts';

/** Phone: 8 to 15 characters of digits, +, - or space (spec section 9). */
export const PHONE_PATTERN = /^[0-9+\- ]{8,15}$/;
export const USERNAME_PATTERN = /^[a-zA-Z0-9._-]{3,32}$/;

/** True when `value` is a real calendar date yyyy-mm-dd with a year in the allowed range. */
export function isValidBirthDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < BIRTH_YEAR_MIN || y > BIRTH_YEAR_MAX || mo < 1 || mo > 12 || d < 1) return false;
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

const trimmed = (label: string, max: number, message: string) => text(label).trim().max(max, message);

export const emailSchema = text('Email', { error: 'Email là bắt buộc.' })
  .trim()
  .toLowerCase()
  .min(1, 'Email là bắt buộc.')
  .max(254, 'Email tối đa 254 ký tự.')
  .pipe(z.email('Email không hợp lệ.'));

export const passwordSchema = text('Mật khẩu', { error: 'Mật khẩu là bắt buộc.' })
  .min(PASSWORD_MIN, `Mật khẩu phải từ ${PASSWORD_MIN} ký tự.`)
  .max(PASSWORD_MAX, `Mật khẩu tối đa ${PASSWORD_MAX} ký tự.`);

export const phoneSchema = text('Số điện thoại')
  .trim()
  .regex(PHONE_PATTERN, 'Số điện thoại phải gồm 8-15 ký tự số, +, - hoặc khoảng trắng.');

export const otpSchema = text('Mã OTP', { error: 'Vui lòng nhập mã OTP.' })
  .trim()
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), `Mã OTP gồm ${OTP_LENGTH} chữ số.`);

/** Optional text: blank becomes undefined so it is simply not stored. */
const optionalText = (label: string, max: number, message: string) =>
  trimmed(label, max, message)
    .optional()
    .transform((v) => (v ? v : undefined));

export const registerSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
  username: text('Tên đăng nhập', { error: 'Tên đăng nhập là bắt buộc.' })
    .trim()
    .regex(USERNAME_PATTERN, 'Tên đăng nhập gồm 3-32 ký tự chữ, số, dấu chấm, gạch dưới hoặc gạch ngang.'),
  fullName: optionalText('Họ tên', 100, 'Họ tên tối đa 100 ký tự.'),
  phone: z
    .union([phoneSchema, z.literal('')])
    .optional()
    .transform((v) => (v ? v : undefined)),
});
export type RegisterInput = z.input<typeof registerSchema>;

export const verifyEmailSchema = registerSchema.extend({ otp: otpSchema });
export type VerifyEmailInput = z.input<typeof verifyEmailSchema>;

export const emailOnlySchema = z.object({ email: emailSchema });

export const loginSchema = z.object({
  username: text('Tên đăng nhập', { error: 'Tên đăng nhập là bắt buộc.' }).trim().min(1, 'Tên đăng nhập là bắt buộc.').max(254),
  password: text('Mật khẩu', { error: 'Mật khẩu là bắt buộc.' }).min(1, 'Mật khẩu là bắt buộc.').max(PASSWORD_MAX),
});
export type LoginInput = z.input<typeof loginSchema>;

export const forgotVerifySchema = z
  .object({
    email: emailSchema,
    otp: otpSchema,
    newPassword: passwordSchema,
    confirmPassword: text('Xác nhận mật khẩu', { error: 'Vui lòng xác nhận mật khẩu.' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Mật khẩu xác nhận chưa khớp.',
  });

export const changePasswordSchema = z
  .object({
    oldPassword: text('Mật khẩu hiện tại', { error: 'Vui lòng nhập mật khẩu hiện tại.' }).min(1, 'Vui lòng nhập mật khẩu hiện tại.'),
    newPassword: text('Mật khẩu mới', { error: 'Mật khẩu mới phải từ 6 ký tự.' })
      .min(PASSWORD_MIN, 'Mật khẩu mới phải từ 6 ký tự.')
      .max(PASSWORD_MAX, `Mật khẩu mới tối đa ${PASSWORD_MAX} ký tự.`),
    confirmPassword: text('Xác nhận mật khẩu', { error: 'Xác nhận mật khẩu không khớp.' }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'Xác nhận mật khẩu không khớp.',
  });

export const GENDERS = ['MALE', 'FEMALE', 'OTHER'] as const;
export type Gender = (typeof GENDERS)[number];

export const updateProfileSchema = z
  .object({
  fullName: text('Họ tên').trim().min(1, 'Họ tên là bắt buộc.').max(100, 'Họ tên tối đa 100 ký tự.').optional(),
  phone: z
    .union([phoneSchema, z.literal('')])
    .optional()
    .transform((v) => (v === '' ? null : v)),
  gender: z.enum(GENDERS, { error: 'Giới tính không hợp lệ.' }).optional(),
  birthDate: text('Ngày sinh')
    .refine(isValidBirthDate, 'Ngày sinh không hợp lệ.')
    .optional(),
  })
  .superRefine(requireChange);
export type UpdateProfileInput = z.input<typeof updateProfileSchema>;
