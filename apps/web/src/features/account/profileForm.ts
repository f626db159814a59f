import { z } from 'zod';
import { BIRTH_YEAR_MIN, GENDERS, isValidBirthDate, phoneSchema, type UpdateProfileInput, type UserDto } from '@nhasach/shared';

/**
 * The profile form (spec section 5, Profile): last and first name required, phone optional (sent only if
 * given), gender required, birth date as day/month/year that must form a real date in 1900-2100.
 */
export const profileFormSchema = z
  .object({
    lastName: z.string().trim().min(1, 'Vui lòng nhập họ.').max(50, 'Họ tối đa 50 ký tự.'),
    firstName: z.string().trim().min(1, 'Vui lòng nhập tên.').max(50, 'Tên tối đa 50 ký tự.'),
    phone: z.union([phoneSchema, z.literal('')]),
    // '' is "nothing chosen yet" in the form; only a real gender passes.
    gender: z.union([z.literal(''), z.enum(GENDERS)]).pipe(z.enum(GENDERS, { error: 'Vui lòng chọn giới tính.' })),
    day: z.string(),
    month: z.string(),
    year: z.string(),
  })
  .refine(
    (v) => {
      if (!v.day && !v.month && !v.year) return true;
      return /^\d{2}$/.test(v.day) && /^\d{2}$/.test(v.month) && /^\d{4}$/.test(v.year) && isValidBirthDate(`${v.year}-${v.month}-${v.day}`);
    },
    // `when`: check the date even while another field (e.g. the name) is still invalid, so all hints show at once.
    { path: ['day'], message: 'Ngày sinh không hợp lệ.', when: (payload) => isDateParts(payload.value) },
  );

function isDateParts(value: unknown): value is { day: string; month: string; year: string } {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return typeof v.day === 'string' && typeof v.month === 'string' && typeof v.year === 'string';
}

export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileFormValues = z.output<typeof profileFormSchema>;

/** Splits a full name at its last space: 'Nguyễn Văn An' gives Họ 'Nguyễn Văn', Tên 'An'. */
export function splitFullName(fullName: string | null | undefined): { lastName: string; firstName: string } {
  const name = (fullName ?? '').trim().replace(/\s+/g, ' ');
  const at = name.lastIndexOf(' ');
  if (at < 0) return { lastName: '', firstName: name };
  return { lastName: name.slice(0, at), firstName: name.slice(at + 1) };
}

export function profileToForm(user: UserDto): ProfileFormInput {
  const [year = '', month = '', day = ''] = user.birthDate ? user.birthDate.slice(0, 10).split('-') : [];
  return { ...splitFullName(user.fullName), phone: user.phone ?? '', gender: user.gender ?? '', day, month, year };
}

/** Body of PUT /api/v1/users/me; phone and birth date only when filled in. */
export function formToUpdate(v: ProfileFormValues): UpdateProfileInput {
  const body: UpdateProfileInput = { fullName: `${v.lastName} ${v.firstName}`.trim(), gender: v.gender };
  if (v.phone.trim()) body.phone = v.phone.trim();
  if (v.day && v.month && v.year) body.birthDate = `${v.year}-${v.month}-${v.day}`;
  return body;
}

const pad = (n: number) => String(n).padStart(2, '0');
export const DAY_OPTIONS = Array.from({ length: 31 }, (_, i) => pad(i + 1));
export const MONTH_OPTIONS = Array.from({ length: 12 }, (_, i) => pad(i + 1));
/** Newest year first, down to 1900. */
export const yearOptions = (now = new Date()) =>
  Array.from({ length: now.getFullYear() - BIRTH_YEAR_MIN + 1 }, (_, i) => String(now.getFullYear() - i));
