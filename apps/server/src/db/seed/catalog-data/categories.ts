/**
 * The demo category tree: 10 top-level categories (the category menu shows 10) with their children. Keys are
 * the slugs (slugify with the Vietnamese locale, checked by the seed test).
 */
export const CATEGORY_TREE = [
  {
    name: 'Văn học',
    slug: 'van-hoc',
    children: [
      { name: 'Tiểu thuyết', slug: 'tieu-thuyet' },
      { name: 'Truyện ngắn - Tản văn', slug: 'truyen-ngan-tan-van' },
      { name: 'Thơ', slug: 'tho' },
      { name: 'Hồi ký - Tự truyện', slug: 'hoi-ky-tu-truyen' },
      { name: 'Văn học nước ngoài', slug: 'van-hoc-nuoc-ngoai' },
      { name: 'Trinh thám - Kinh dị', slug: 'trinh-tham-kinh-di' },
      { name: 'Giả tưởng - Phiêu lưu', slug: 'gia-tuong-phieu-luu' },
    ],
  },
  {
    name: 'Kinh tế',
    slug: 'kinh-te',
    children: [
      { name: 'Quản trị - Lãnh đạo', slug: 'quan-tri-lanh-dao' },
      { name: 'Marketing - Bán hàng', slug: 'marketing-ban-hang' },
      { name: 'Tài chính - Đầu tư', slug: 'tai-chinh-dau-tu' },
      { name: 'Khởi nghiệp', slug: 'khoi-nghiep' },
    ],
  },
  {
    name: 'Tâm lý - Kỹ năng sống',
    slug: 'tam-ly-ky-nang-song',
    children: [
      { name: 'Kỹ năng sống', slug: 'ky-nang-song' },
      { name: 'Tâm lý học', slug: 'tam-ly-hoc' },
      { name: 'Giao tiếp - Ứng xử', slug: 'giao-tiep-ung-xu' },
      { name: 'Triết học', slug: 'triet-hoc' },
    ],
  },
  {
    name: 'Thiếu nhi',
    slug: 'thieu-nhi',
    children: [
      { name: 'Truyện thiếu nhi', slug: 'truyen-thieu-nhi' },
      { name: 'Cổ tích - Ngụ ngôn', slug: 'co-tich-ngu-ngon' },
      { name: 'Truyện tranh thiếu nhi', slug: 'truyen-tranh-thieu-nhi' },
      { name: 'Kiến thức cho bé', slug: 'kien-thuc-cho-be' },
    ],
  },
  {
    name: 'Manga - Comic',
    slug: 'manga-comic',
    children: [
      { name: 'Manga', slug: 'manga' },
      { name: 'Light novel', slug: 'light-novel' },
      { name: 'Comic', slug: 'comic' },
    ],
  },
  {
    name: 'Khoa học - Công nghệ',
    slug: 'khoa-hoc-cong-nghe',
    children: [
      { name: 'Khoa học phổ thông', slug: 'khoa-hoc-pho-thong' },
      { name: 'Công nghệ thông tin', slug: 'cong-nghe-thong-tin' },
      { name: 'Y học', slug: 'y-hoc' },
    ],
  },
  {
    name: 'Lịch sử - Địa lý',
    slug: 'lich-su-dia-ly',
    children: [
      { name: 'Lịch sử Việt Nam', slug: 'lich-su-viet-nam' },
      { name: 'Lịch sử thế giới', slug: 'lich-su-the-gioi' },
      { name: 'Du ký - Văn hóa', slug: 'du-ky-van-hoa' },
    ],
  },
  {
    name: 'Ngoại ngữ',
    slug: 'ngoai-ngu',
    children: [
      { name: 'Tiếng Anh', slug: 'tieng-anh' },
      { name: 'Tiếng Nhật - Hàn - Trung', slug: 'tieng-nhat-han-trung' },
      { name: 'Từ điển', slug: 'tu-dien' },
    ],
  },
  {
    name: 'Nấu ăn - Đời sống',
    slug: 'nau-an-doi-song',
    children: [
      { name: 'Ẩm thực - Nấu ăn', slug: 'am-thuc-nau-an' },
      { name: 'Nuôi dạy con', slug: 'nuoi-day-con' },
      { name: 'Sức khỏe - Dinh dưỡng', slug: 'suc-khoe-dinh-duong' },
    ],
  },
  {
    name: 'Giáo khoa - Tham khảo',
    slug: 'giao-khoa-tham-khao',
    children: [
      { name: 'Sách giáo khoa', slug: 'sach-giao-khoa' },
      { name: 'Sách tham khảo', slug: 'sach-tham-khao' },
      { name: 'Luyện thi', slug: 'luyen-thi' },
    ],
  },
] as const;

type Tree = typeof CATEGORY_TREE;
/** Slug of a leaf category: every book names one. */
export type LeafCategory = Tree[number]['children'][number]['slug'];
