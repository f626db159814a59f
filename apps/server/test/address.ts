/**
 * A valid saved address (the older three-level units: province, district, ward), for the server's tests and the
 * browser tests alike. No imports, so the browser tests can take it without loading the server.
 */
export const VALID_ADDRESS = {
  fullName: 'Nguyễn Văn An',
  phone: '0901234567',
  line1: '12 Lê Lợi',
  provinceCode: '79',
  districtCode: '760',
  wardCode: '26740',
  province: 'Hồ Chí Minh',
  district: 'Quận 1',
  ward: 'Bến Nghé',
};

/** An address in Hà Nội in the units since July 2025 (province and ward): another region than the shop's. */
export const HANOI_ADDRESS = {
  fullName: 'Lê Văn Cường',
  phone: '0912345678',
  line1: '8 Tràng Tiền',
  scheme: 'TWO_LEVEL',
  provinceCode: '01',
  province: 'Thành phố Hà Nội',
  wardCode: '00070',
  ward: 'Phường Hoàn Kiếm',
};
