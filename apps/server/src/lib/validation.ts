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
  parentId: 'Mục cha',
  page: 'Trang',
  size: 'Số mục mỗi trang',
  // Back-office forms (packages/shared/src/admin.ts): their messages already name the field.
  title: 'Tên sách',
  isbn13: 'ISBN-13',
  publisherId: 'Nhà xuất bản',
  supplierId: 'Nhà cung cấp',
  authorIds: 'Tác giả',
  categoryIds: 'Danh mục',
  pageCount: 'Số trang',
  price: 'Giá bán',
  salePrice: 'Giá khuyến mãi',
  saleStartAt: 'Thời điểm bắt đầu',
  saleEndAt: 'Thời điểm kết thúc',
  language: 'Ngôn ngữ',
  coverType: 'Loại bìa',
  ageRating: 'Độ tuổi',
  stock: 'Tồn kho',
  initialStock: 'Tồn kho',
  weightGram: 'Khối lượng',
  widthCm: 'Chiều rộng',
  heightCm: 'Chiều cao',
  thicknessCm: 'Độ dày',
  publicationYear: 'Năm xuất bản',
  slug: 'Slug',
  sku: 'SKU',
  status: 'Trạng thái',
  description: 'Mô tả',
  name: 'Tên',
  sortOrder: 'Thứ tự',
  imageIds: 'Ảnh',
  role: 'Vai trò',
  // Sales order forms (packages/shared/src/sales.ts): their messages already name the field.
  note: 'Ghi chú',
  reason: 'Lý do huỷ',
  shippingCarrier: 'Đơn vị vận chuyển',
  trackingCode: 'Mã vận đơn',
  fee: 'Phí vận chuyển',
  shippedAt: 'Thời điểm giao vận chuyển',
  paidAt: 'Thời điểm thanh toán',
  paymentStatus: 'Trạng thái thanh toán',
  assigneeId: 'Nhân viên',
  amount: 'Số tiền',
  method: 'Phương thức',
};

/** The Vietnamese name of a field (its key when it has none). */
export const fieldLabel = (key: string): string => fieldLabels[key] ?? key;

/** Maps Zod issues to field errors whose message names the field. */
export function fieldErrorsFromZod(issues: readonly IssueLike[], context?: string): FieldError[] {
  return issues.map((issue) => {
    const field = issue.path.map(String).join('.') || context || 'body';
    // An issue about the whole request (an update with nothing to change) has its own sentence.
    if (issue.path.length === 0) return { field, message: issue.message };
    const leaf = String(issue.path[issue.path.length - 1] ?? field);
    const label = fieldLabels[leaf] ?? leaf;
    const message = issue.message.toLowerCase().includes(label.toLowerCase()) ? issue.message : `${label}: ${issue.message}`;
    return { field, message };
  });
}
