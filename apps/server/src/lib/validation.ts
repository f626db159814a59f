import type { FieldError } from '@nhasach/shared';

interface IssueLike {
  path: PropertyKey[];
  message: string;
}

/** Vietnamese names of fields, so a message always says which field is wrong. */
const fieldLabels: Record<string, string> = {
  email: 'Email',
  password: 'Mật khẩu',
  newPassword: 'Mật khẩu mới',
  oldPassword: 'Mật khẩu hiện tại',
  confirmPassword: 'Xác nhận mật khẩu',
  username: 'Tên đăng nhập',
  fullName: 'Họ tên',
  phone: 'Số điện thoại',
  otp: 'Mã OTP',
  gender: 'Giới tính',
  birthDate: 'Ngày sinh',
  score: 'Số sao',
  content: 'Nội dung',
  parentId: 'Bình luận gốc',
  page: 'Trang',
  size: 'Số mục mỗi trang',
};

/** Maps Zod issues to field errors whose message names the field. */
export function fieldErrorsFromZod(issues: readonly IssueLike[], context?: string): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || context || 'body';
    const leaf = String(issue.path[issue.path.length - 1] ?? field);
    const label = fieldLabels[leaf] ?? leaf;
    const message = issue.message.toLowerCase().includes(label.toLowerCase()) ? issue.message : `${label}: ${issue.message}`;
    return { field, message };
  });
}
