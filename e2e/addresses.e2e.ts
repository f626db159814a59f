import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { MOBILE, newPage, screenshot, storeForFile } from './harness.ts';

/** The address book with the units since July 2025: two-level pickers, old addresses kept and converted. */

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });
const USER = { username: 'minh.tran', password: 'Docgia@123' };

async function api<T>(method: string, url: string, body?: object, token?: string): Promise<T> {
  const res = await fetch(`${shop.store.baseUrl}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json)}`);
  return json.data;
}

async function logIn(page: Page) {
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill(USER.username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(USER.password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
  await page.waitForURL((url) => url.pathname === '/');
}

/** Types into a unit picker and chooses the option named `option` with the keyboard or a click. */
async function pick(page: Page, field: Locator, typed: string, option: string, how: 'keyboard' | 'click' = 'click') {
  await poll(() => field.isEnabled()).toBe(true);
  await field.click();
  await field.fill(typed);
  const choice = page.getByRole('option', { name: option, exact: true });
  await poll(() => choice.isVisible()).toBe(true);
  if (how === 'click') {
    await choice.click();
  } else {
    // The best match is listed first: ArrowDown reaches it, Enter picks it.
    await poll(() => page.getByRole('option').first().innerText()).toContain(option);
    await field.press('ArrowDown');
    await poll(() => page.getByRole('option').first().getAttribute('data-focus')).not.toBeNull();
    await field.press('Enter');
  }
  await poll(() => field.inputValue()).toBe(option);
}

describe('address book with the 2025 administrative units', () => {
  it('adds an address with the two-level pickers, shows an old one as saved and converts it', { timeout: 240_000 }, async () => {
    // An address saved before the reform (three levels), as an older client or the old form made it.
    const { accessToken } = await api<{ accessToken: string }>('POST', '/api/v1/auth/login', USER);
    await api('POST', '/api/v1/address', {
      fullName: 'Trần Văn Cũ',
      phone: '0903 111 222',
      line1: '12 Lê Lợi',
      provinceCode: '79',
      districtCode: '760',
      wardCode: '26740',
      province: 'Thành phố Hồ Chí Minh',
      district: 'Quận 1',
      ward: 'Phường Bến Nghé',
      makeDefault: true,
    }, accessToken);

    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await logIn(page);
    await page.goto('/tai-khoan/dia-chi');
    const cards = page.getByTestId('address-card');
    await poll(() => cards.count()).toBe(1);
    const old = cards.filter({ hasText: 'Trần Văn Cũ' });
    // Shown as saved, with its district, and marked as using the old units.
    expect(await old.innerText()).toContain('12 Lê Lợi, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh');
    expect(await old.getByText('Đơn vị hành chính cũ').isVisible()).toBe(true);

    // ---- A new address: province, then ward (no district), searched without diacritics.
    await page.getByRole('button', { name: 'Thêm địa chỉ mới' }).click();
    const form = page.getByRole('form', { name: 'Thêm địa chỉ mới' });
    await poll(() => form.isVisible()).toBe(true);
    expect(await form.getByLabel('Quận/Huyện').count()).toBe(0);
    expect(await form.getByLabel('Phường/Xã').isDisabled()).toBe(true);
    // Empty save: the required messages.
    await form.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => form.getByText('Vui lòng chọn tỉnh/thành phố.').isVisible()).toBe(true);
    await form.getByLabel('Họ và tên người nhận').fill('Nguyễn Thị Mới');
    await form.getByLabel('Số điện thoại').fill('0912 345 678');
    const province = form.getByLabel('Tỉnh/Thành phố');
    // The whole list has the 34 units of 2025.
    await province.click();
    await poll(() => page.getByRole('option').count()).toBe(34);
    await province.press('Escape');
    await pick(page, province, 'ho chi minh', 'Thành phố Hồ Chí Minh', 'keyboard');
    // Ward once a province is chosen.
    await form.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => form.getByText('Vui lòng chọn phường/xã.').isVisible()).toBe(true);
    const ward = form.getByLabel('Phường/Xã');
    await ward.click();
    await ward.fill('khong co dau nay');
    await poll(() => page.getByText('Không tìm thấy “khong co dau nay”').isVisible()).toBe(true);
    await ward.fill('ben thanh');
    await poll(() => page.getByRole('option', { name: 'Phường Bến Thành' }).isVisible()).toBe(true);
    await screenshot(page, 'address-picker-desktop');
    await pick(page, ward, 'ben thanh', 'Phường Bến Thành');
    await form.getByLabel('Địa chỉ cụ thể').fill('45 Lê Thánh Tôn');
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'address-form-desktop');
    await form.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => page.getByText('Thêm địa chỉ thành công').first().isVisible()).toBe(true);
    await poll(() => cards.count()).toBe(2);
    const added = cards.filter({ hasText: 'Nguyễn Thị Mới' });
    expect(await added.innerText()).toContain('45 Lê Thánh Tôn, Phường Bến Thành, Thành phố Hồ Chí Minh');
    expect(await added.getByText('Đơn vị hành chính cũ').count()).toBe(0);
    const saved = (await api<{ fullName: string; scheme: string; district: string; wardCode: string; provinceCode: string }[]>('GET', '/api/v1/address', undefined, accessToken)).find(
      (a) => a.fullName === 'Nguyễn Thị Mới',
    );
    expect(saved).toMatchObject({ scheme: 'TWO_LEVEL', district: '', wardCode: '26743', provinceCode: '79' });

    // ---- Editing the old address keeps its three levels as saved.
    await old.getByRole('button', { name: /^Sửa/ }).click();
    const edit = page.getByRole('form', { name: 'Sửa địa chỉ' });
    await poll(() => edit.getByLabel('Phường/Xã').inputValue()).toBe('Phường Bến Nghé');
    expect(await edit.getByLabel('Quận/Huyện').inputValue()).toBe('Quận 1');
    expect(await edit.getByText('Địa chỉ này theo đơn vị hành chính cũ').isVisible()).toBe(true);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, 'address-edit-old-desktop');
    // Switching the form to the new units pre-fills them from the mapping; leaving without saving keeps the old.
    await edit.getByRole('button', { name: 'Chuyển sang đơn vị hành chính mới' }).click();
    await poll(() => edit.getByLabel('Phường/Xã').inputValue()).toBe('Phường Sài Gòn');
    expect(await edit.getByLabel('Tỉnh/Thành phố').inputValue()).toBe('Thành phố Hồ Chí Minh');
    expect(await edit.getByLabel('Quận/Huyện').count()).toBe(0);
    await edit.getByRole('button', { name: 'Huỷ' }).click();

    // ---- Converting it: the result is shown before anything is saved.
    await old.getByRole('button', { name: /sang đơn vị hành chính mới/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Chuyển sang địa chỉ mới' });
    await poll(() => dialog.getByTestId('convert-new').innerText()).toBe('12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh');
    expect(await dialog.getByTestId('convert-old').innerText()).toBe('12 Lê Lợi, Phường Bến Nghé, Quận 1, Thành phố Hồ Chí Minh');
    await screenshot(page, 'address-convert-desktop');
    // Nothing changed yet.
    expect(await old.innerText()).toContain('Quận 1');
    await dialog.getByRole('button', { name: 'Lưu địa chỉ mới' }).click();
    await poll(() => page.getByText('Cập nhật địa chỉ thành công').first().isVisible()).toBe(true);
    await poll(() => dialog.isVisible()).toBe(false);
    await poll(() => old.innerText()).toContain('12 Lê Lợi, Phường Sài Gòn, Thành phố Hồ Chí Minh');
    expect(await old.getByText('Đơn vị hành chính cũ').count()).toBe(0);
    expect(await old.getByText('Mặc định').isVisible()).toBe(true);
    await screenshot(page, 'addresses-2025-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('mobile: the two-level pickers by touch', { timeout: 180_000 }, async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl, { viewport: MOBILE });
    await logIn(page);
    await page.goto('/tai-khoan/dia-chi');
    await page.getByRole('button', { name: 'Thêm địa chỉ mới' }).click();
    const form = page.getByRole('form', { name: 'Thêm địa chỉ mới' });
    await form.getByLabel('Họ và tên người nhận').fill('Lê Văn Động');
    await form.getByLabel('Số điện thoại').fill('0987 654 321');
    await pick(page, form.getByLabel('Tỉnh/Thành phố'), 'Hà Nội', 'Thành phố Hà Nội');
    const ward = form.getByLabel('Phường/Xã');
    await ward.click();
    await ward.fill('hoan');
    await poll(() => page.getByRole('option', { name: 'Phường Hoàn Kiếm' }).isVisible()).toBe(true);
    // The open list fits the phone's width.
    const box = await page.getByRole('listbox').boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(MOBILE.width);
    await screenshot(page, 'address-picker-mobile');
    await page.getByRole('option', { name: 'Phường Hoàn Kiếm' }).click();
    await form.getByLabel('Địa chỉ cụ thể').fill('8 Hàng Bài');
    await screenshot(page, 'address-form-mobile');
    await form.getByRole('button', { name: 'Lưu địa chỉ' }).click();
    await poll(() => page.getByTestId('address-card').filter({ hasText: 'Lê Văn Động' }).innerText()).toContain('8 Hàng Bài, Phường Hoàn Kiếm, Thành phố Hà Nội');
    await context.close();
  });
});
