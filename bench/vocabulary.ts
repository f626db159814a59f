/** Word lists for the generated catalogue: Vietnamese-looking titles, names, publishers and categories. */

export const TITLE_WORDS = [
  'Tình', 'Yêu', 'Cuộc', 'Sống', 'Hạnh', 'Phúc', 'Tuổi', 'Trẻ', 'Thơ', 'Mùa', 'Hè', 'Thu', 'Đông', 'Xuân',
  'Ngày', 'Đêm', 'Trăng', 'Sao', 'Biển', 'Núi', 'Sông', 'Rừng', 'Gió', 'Mưa', 'Nắng', 'Hoa', 'Lá', 'Cây',
  'Nhà', 'Phố', 'Làng', 'Quê', 'Hương', 'Đường', 'Xa', 'Gần', 'Nhớ', 'Thương', 'Buồn', 'Vui', 'Ước', 'Mơ',
  'Giấc', 'Bí', 'Mật', 'Kho', 'Báu', 'Hành', 'Trình', 'Phiêu', 'Lưu', 'Ký', 'Truyện', 'Chuyện', 'Kể', 'Lịch',
  'Sử', 'Việt', 'Nam', 'Thế', 'Giới', 'Văn', 'Hóa', 'Nghệ', 'Thuật', 'Khoa', 'Học', 'Kinh', 'Tế', 'Tài',
  'Chính', 'Đầu', 'Tư', 'Quản', 'Trị', 'Lãnh', 'Đạo', 'Kỹ', 'Năng', 'Giao', 'Tiếp', 'Tư', 'Duy', 'Sáng',
  'Tạo', 'Thành', 'Công', 'Thất', 'Bại', 'Bài', 'Người', 'Thầy', 'Mẹ', 'Cha', 'Con', 'Em', 'Anh', 'Chị',
  'Bạn', 'Tôi', 'Chúng', 'Ta', 'Những', 'Một', 'Hai', 'Ba', 'Trăm', 'Năm', 'Ngàn', 'Vạn', 'Cô', 'Đơn',
  'Im', 'Lặng', 'Tiếng', 'Gọi', 'Bóng', 'Tối', 'Ánh', 'Sáng', 'Màu', 'Xanh', 'Đỏ', 'Trắng', 'Vàng', 'Tím',
  'Đất', 'Nước', 'Lửa', 'Trời', 'Mây', 'Cánh', 'Chim', 'Cá', 'Mèo', 'Chó', 'Ngựa', 'Rồng', 'Hổ', 'Voi',
  'Vua', 'Hoàng', 'Hậu', 'Công', 'Chúa', 'Hiệp', 'Sĩ', 'Chiến', 'Binh', 'Thám', 'Tử', 'Án', 'Mạng', 'Kẻ',
  'Trộm', 'Cướp', 'Sát', 'Nhân', 'Bí', 'Ẩn', 'Lời', 'Nguyền', 'Phép', 'Màu', 'Thần', 'Kỳ', 'Diệu', 'Ký',
  'Ức', 'Hồi', 'Tưởng', 'Nhật', 'Thư', 'Gửi', 'Đến', 'Từ', 'Nơi', 'Ấy', 'Này', 'Kia', 'Bên', 'Kia',
  'Trên', 'Dưới', 'Giữa', 'Cuối', 'Đầu', 'Mãi', 'Mãi', 'Bao', 'Giờ', 'Hôm', 'Qua', 'Mai', 'Sau', 'Trước',
  'Học', 'Làm', 'Giàu', 'Nghèo', 'Khôn', 'Ngoan', 'Dại', 'Khờ', 'Tâm', 'Hồn', 'Trí', 'Tuệ', 'Đức', 'Tin',
  'Hy', 'Vọng', 'Niềm', 'Nỗi', 'Đau', 'Chữa', 'Lành', 'Bình', 'Yên', 'An', 'Nhiên', 'Tự', 'Do', 'Thời',
  'Gian', 'Không', 'Vũ', 'Trụ', 'Hành', 'Tinh', 'Robot', 'Máy', 'Tính', 'Lập', 'Toán', 'Vật', 'Lý', 'Sinh',
  'Địa', 'Ngữ', 'Pháp', 'Từ', 'Điển', 'Tiếng', 'Anh', 'Nhật', 'Hàn', 'Trung', 'Bếp', 'Món', 'Ăn', 'Ngon',
  'Sức', 'Khỏe', 'Thiền', 'Yoga', 'Du', 'Lịch', 'Bản', 'Đồ', 'Hướng', 'Dẫn', 'Cẩm', 'Nang', 'Nhập', 'Môn',
];

/** Real-looking titles searched for by the benchmark; each appears in a few editions. */
export const FAMOUS_TITLES = [
  'Nhà Giả Kim', 'Đắc Nhân Tâm', 'Tuổi Trẻ Đáng Giá Bao Nhiêu', 'Cây Cam Ngọt Của Tôi', 'Mắt Biếc',
  'Cho Tôi Xin Một Vé Đi Tuổi Thơ', 'Tôi Thấy Hoa Vàng Trên Cỏ Xanh', 'Dế Mèn Phiêu Lưu Ký', 'Số Đỏ',
  'Nghĩ Giàu Làm Giàu', 'Hai Số Phận', 'Rừng Na Uy', 'Muôn Kiếp Nhân Sinh', 'Không Gia Đình', 'Đồi Gió Hú',
  'Bố Già', 'Hoàng Tử Bé', 'Sapiens Lược Sử Loài Người', 'Nhà Lãnh Đạo Không Chức Danh', 'Đời Ngắn Đừng Ngủ Dài',
  'Trên Đường Băng', 'Cà Phê Cùng Tony', 'Người Giàu Có Nhất Thành Babylon', 'Tắt Đèn', 'Chí Phèo',
  'Truyện Kiều', 'Lão Hạc', 'Vợ Nhặt', 'Nỗi Buồn Chiến Tranh', 'Cánh Đồng Bất Tận',
];

export const FAMILY_NAMES = [
  'Nguyễn', 'Trần', 'Lê', 'Phạm', 'Hoàng', 'Huỳnh', 'Phan', 'Vũ', 'Võ', 'Đặng', 'Bùi', 'Đỗ', 'Hồ', 'Ngô',
  'Dương', 'Lý', 'Đinh', 'Lâm', 'Trịnh', 'Mai', 'Tô', 'Tạ', 'Lương', 'Đoàn',
];
export const MIDDLE_NAMES = ['Văn', 'Thị', 'Hữu', 'Đức', 'Minh', 'Ngọc', 'Thanh', 'Nhật', 'Quang', 'Thu', 'Kim', 'Bảo', 'Gia', 'Xuân'];
export const GIVEN_NAMES = [
  'Anh', 'Bình', 'Châu', 'Dũng', 'Giang', 'Hà', 'Hải', 'Hạnh', 'Hiếu', 'Hòa', 'Hùng', 'Hương', 'Khánh', 'Khoa',
  'Lan', 'Linh', 'Long', 'Mai', 'Minh', 'Nam', 'Nga', 'Ngân', 'Nhung', 'Phong', 'Phúc', 'Phương', 'Quân',
  'Quyên', 'Sơn', 'Tâm', 'Thảo', 'Thắng', 'Thành', 'Thủy', 'Tiến', 'Trang', 'Trung', 'Tuấn', 'Tùng', 'Uyên',
  'Vân', 'Việt', 'Vinh', 'Xuân', 'Yến', 'Đạt', 'Đông', 'Ánh', 'Ý', 'Sen',
];

export const PUBLISHERS = [
  'NXB Trẻ', 'NXB Kim Đồng', 'NXB Văn Học', 'NXB Hội Nhà Văn', 'NXB Tổng Hợp TP.HCM', 'NXB Thế Giới',
  'NXB Lao Động', 'NXB Phụ Nữ Việt Nam', 'NXB Thanh Niên', 'NXB Giáo Dục Việt Nam', 'NXB Chính Trị Quốc Gia',
  'NXB Đại Học Quốc Gia Hà Nội', 'NXB Khoa Học Xã Hội', 'NXB Tri Thức', 'NXB Hà Nội', 'NXB Dân Trí',
  'NXB Công Thương', 'NXB Tài Chính', 'NXB Kinh Tế TP.HCM', 'NXB Văn Hóa Văn Nghệ', 'NXB Mỹ Thuật',
  'NXB Âm Nhạc', 'NXB Y Học', 'NXB Nông Nghiệp', 'NXB Thông Tin và Truyền Thông', 'NXB Đà Nẵng',
  'NXB Hồng Đức', 'NXB Thời Đại', 'NXB Từ Điển Bách Khoa', 'NXB Quân Đội Nhân Dân',
];
export const SUPPLIERS = [
  'Fahasa', 'Nhã Nam', 'Alpha Books', 'First News', 'Đông A', 'Thái Hà Books', 'Omega Plus', 'Đinh Tị',
  'Skybooks', 'AZ Việt Nam', 'Tân Việt', 'Minh Long', 'Phương Nam', 'Saigon Books', 'Bách Việt',
];

/** Top-level categories with their children; each child gets the grandchildren named in GRANDCHILDREN. */
export const CATEGORY_TREE: [string, string[]][] = [
  ['Văn học', ['Tiểu thuyết', 'Truyện ngắn', 'Thơ ca', 'Ngôn tình', 'Trinh thám', 'Kinh điển']],
  ['Kinh tế', ['Quản trị', 'Marketing', 'Tài chính', 'Khởi nghiệp', 'Nhân sự']],
  ['Tâm lý - Kỹ năng sống', ['Kỹ năng sống', 'Tâm lý học', 'Rèn luyện nhân cách', 'Sách cho tuổi mới lớn']],
  ['Thiếu nhi', ['Truyện tranh', 'Kiến thức bách khoa', 'Tô màu - Luyện chữ', 'Truyện cổ tích']],
  ['Nuôi dạy con', ['Cẩm nang làm cha mẹ', 'Phát triển trí tuệ', 'Dinh dưỡng cho bé']],
  ['Tiểu sử - Hồi ký', ['Chính trị', 'Kinh tế', 'Nghệ thuật - Giải trí', 'Lịch sử']],
  ['Sách học ngoại ngữ', ['Tiếng Anh', 'Tiếng Nhật', 'Tiếng Hàn', 'Tiếng Trung']],
  ['Khoa học - Kỹ thuật', ['Tin học', 'Toán học', 'Vật lý', 'Y học']],
  ['Lịch sử - Địa lý', ['Lịch sử Việt Nam', 'Lịch sử thế giới', 'Địa lý']],
  ['Văn hóa - Nghệ thuật', ['Âm nhạc', 'Mỹ thuật', 'Ẩm thực', 'Du lịch']],
];
export const GRANDCHILDREN = ['Bán chạy', 'Mới phát hành', 'Tái bản'];

/** Search terms of the benchmark, with diacritics (the shopper's way) and their plain spellings. */
export const SEARCH_TERMS = [
  'nhà giả kim', 'đắc nhân tâm', 'tuổi trẻ đáng giá bao nhiêu', 'cây cam ngọt', 'mắt biếc', 'hoàng tử bé',
  'nguyễn nhật', 'tình yêu', 'hạnh phúc cuộc sống', 'lịch sử việt nam', 'kinh tế', 'bí mật', 'thám tử',
  'mùa thu', 'nghĩ giàu làm giàu', 'kỹ năng giao tiếp', 'nxb kim đồng', 'trần minh', 'rừng na uy', 'số đỏ',
];
