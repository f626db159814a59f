import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { artifactsDir, DESKTOP, MOBILE, newPage, screenshot, storeApi, storeForFile, TEST_ADDRESS } from './harness.ts';

const shop = storeForFile();

/** Polls until the matcher passes; generous because the machine running the suite may be busy. */
const poll = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000, interval: 100 });

const pathOf = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

async function waitForPath(page: Page, expected: string) {
  await page.waitForURL((url) => url.pathname + url.search === expected);
  expect(pathOf(page)).toBe(expected);
}

/** The staff page opened and the guard let it be (its content belongs to other features). */
async function stays(page: Page, expected: string) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(300);
  expect(pathOf(page)).toBe(expected);
  expect(await page.getByText('Đang kiểm tra quyền…').count()).toBe(0);
}

async function logIn(page: Page, username: string, password: string, path = '/dang-nhap') {
  await page.goto(path);
  await page.getByLabel('Tên đăng nhập hoặc email').fill(username);
  await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
}

/** Opens the account dropdown of the header (desktop) by click. */
async function openAccountMenu(page: Page) {
  await page.getByRole('button', { name: /^Tài khoản của / }).click();
}

describe('auth and account journey', () => {
  it('registers with an OTP from the mail, logs in, edits the profile, changes the password and logs out', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    const suffix = Date.now().toString(36);
    const email = `ban.doc.${suffix}@example.com`;
    const username = `bandoc_${suffix}`;
    const password = 'DocSach@1';
    const newPassword = 'DocSach@2';

    // Register: empty submit first shows the required message.
    await page.goto('/dang-ky');
    await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await poll(() => page.getByText('Email và mật khẩu là bắt buộc.').isVisible()).toBe(true);
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill(username);
    await page.getByLabel('Họ và tên').fill('Trần Thị Bạn Đọc');
    await page.getByLabel('Số điện thoại').fill('0901234567');
    await screenshot(page, 'register-desktop-filled');
    await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await waitForPath(page, '/verify-email');
    await poll(() => page.getByText(email).first().isVisible()).toBe(true);

    const otp = await shop.store.mail.otpFor(email);
    expect(otp).toMatch(/^\d{6}$/);
    const wrong = otp.replace(/^./, (d) => String((Number(d) + 1) % 10));

    // The resend button is cooling down right after registering.
    await poll(() => page.getByRole('button', { name: /Gửi lại OTP sau \d+s/ }).isDisabled()).toBe(true);

    // A reload keeps the registration data.
    await page.reload();
    await poll(() => page.getByText(email).first().isVisible()).toBe(true);

    // Empty, then a wrong code.
    await page.getByRole('button', { name: 'Xác thực', exact: true }).click();
    await poll(() => page.getByText('Vui lòng nhập mã OTP.').isVisible()).toBe(true);
    await page.getByLabel('Chữ số 1 của mã OTP').fill(wrong);
    await page.getByRole('button', { name: 'Xác thực', exact: true }).click();
    await poll(() => page.getByText('(Sai 1/5)').isVisible()).toBe(true);
    await screenshot(page, 'verify-email-desktop-wrong-code');

    // Typing digit by digit.
    await page.getByLabel('Chữ số 1 của mã OTP').click();
    await page.keyboard.type(otp);
    expect(await page.getByLabel('Chữ số 6 của mã OTP').inputValue()).toBe(otp[5]);
    await page.getByRole('button', { name: 'Xác thực', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/dang-nhap');
    await poll(() => page.getByText('Xác thực email thành công!').isVisible()).toBe(true);
    expect(await page.evaluate(() => sessionStorage.getItem('auth.register'))).toBeNull();

    // A wrong password shows the server's message.
    await page.getByLabel('Tên đăng nhập hoặc email').fill(username);
    await page.getByLabel('Mật khẩu', { exact: true }).fill('sai-mat-khau');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await poll(() => page.getByRole('alert').filter({ hasText: /mật khẩu/i }).count()).toBeGreaterThan(0);

    await logIn(page, username, password);
    await waitForPath(page, '/');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeTruthy();
    const storedUser = JSON.parse((await page.evaluate(() => localStorage.getItem('auth.user'))) ?? '{}') as { username?: string };
    expect(storedUser.username).toBe(username);

    // Profile through the account menu.
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Quản lý tài khoản' }).click();
    await waitForPath(page, '/tai-khoan/ho-so-cua-toi');
    await poll(() => page.getByLabel('Họ', { exact: true }).inputValue()).toBe('Trần Thị Bạn');
    expect(await page.getByLabel('Tên', { exact: true }).inputValue()).toBe('Đọc');
    expect(await page.getByLabel('Email', { exact: true }).getAttribute('readonly')).not.toBeNull();

    // Required fields and an impossible date.
    await page.getByLabel('Tên', { exact: true }).fill('');
    await page.getByLabel('Ngày', { exact: true }).selectOption('31');
    await page.getByLabel('Tháng', { exact: true }).selectOption('02');
    await page.getByLabel('Năm', { exact: true }).selectOption('1995');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => page.getByText('Vui lòng nhập tên.').isVisible()).toBe(true);
    expect(await page.getByText('Ngày sinh không hợp lệ.').isVisible()).toBe(true);
    expect(await page.getByText('Vui lòng chọn giới tính.').isVisible()).toBe(true);

    await page.getByLabel('Họ', { exact: true }).fill('Lê Thị');
    await page.getByLabel('Tên', { exact: true }).fill('Hoa');
    await page.getByLabel('Số điện thoại').fill('0912 345 678');
    await page.getByLabel('Nữ', { exact: true }).check();
    await page.getByLabel('Ngày', { exact: true }).selectOption('28');
    await page.getByRole('button', { name: 'Lưu thay đổi' }).click();
    await poll(() => page.getByText('Lưu thông tin thành công').isVisible()).toBe(true);
    await screenshot(page, 'profile-desktop-saved');

    await page.reload();
    await poll(() => page.getByLabel('Họ', { exact: true }).inputValue()).toBe('Lê Thị');
    expect(await page.getByLabel('Tên', { exact: true }).inputValue()).toBe('Hoa');
    expect(await page.getByLabel('Số điện thoại').inputValue()).toBe('0912 345 678');
    expect(await page.getByLabel('Nữ', { exact: true }).isChecked()).toBe(true);
    expect(await page.getByLabel('Ngày', { exact: true }).inputValue()).toBe('28');
    expect(await page.getByLabel('Tháng', { exact: true }).inputValue()).toBe('02');
    expect(await page.getByLabel('Năm', { exact: true }).inputValue()).toBe('1995');

    // Change password in the account area.
    await page.getByRole('navigation', { name: 'Tài khoản của tôi' }).getByRole('link', { name: 'Đổi mật khẩu' }).click();
    await waitForPath(page, '/tai-khoan/doi-mat-khau');
    await page.getByLabel('Mật khẩu hiện tại').fill(password);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('123');
    await page.getByLabel('Xác nhận mật khẩu mới').fill('456');
    await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await poll(() => page.getByText('Mật khẩu mới phải từ 6 ký tự.').isVisible()).toBe(true);
    expect(await page.getByText('Xác nhận mật khẩu không khớp.').isVisible()).toBe(true);
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill(newPassword);
    await page.getByLabel('Xác nhận mật khẩu mới').fill(newPassword);
    await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await poll(() => page.getByText('Đổi mật khẩu thành công', { exact: true }).isVisible()).toBe(true);
    await waitForPath(page, '/dang-nhap');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('auth.user'))).toBeNull();

    // The old password no longer works, the new one does.
    await page.getByLabel('Tên đăng nhập hoặc email').fill(email);
    await page.getByLabel('Mật khẩu', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await poll(() => page.getByRole('alert').count()).toBeGreaterThan(0);
    await logIn(page, email, newPassword);
    await waitForPath(page, '/');

    // Logout.
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await waitForPath(page, '/dang-nhap');
    // Nothing of the session is left (the intro flag is this harness's own, set again on every page load).
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'intro-seen-v2'))).toEqual([]);
    expect(await page.getByRole('link', { name: 'Tài khoản: đăng ký hoặc đăng nhập' }).getAttribute('href')).toBe('/dang-ky');
    await context.close();
  });

  it('blocks the OTP form after 5 wrong codes until a new code is requested', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    const suffix = Date.now().toString(36);
    const email = `khoa.${suffix}@example.com`;
    await page.goto('/dang-ky');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Mật khẩu', { exact: true }).fill('DocSach@1');
    await page.getByLabel('Tên đăng nhập', { exact: true }).fill(`khoa_${suffix}`);
    await page.getByRole('button', { name: 'Đăng ký', exact: true }).click();
    await waitForPath(page, '/verify-email');
    const otp = await shop.store.mail.otpFor(email);
    const wrong = otp.replace(/.$/, (d) => String((Number(d) + 1) % 10));
    for (let n = 1; n <= 5; n++) {
      await page.getByLabel('Chữ số 1 của mã OTP').fill(wrong);
      await page.getByRole('button', { name: 'Xác thực', exact: true }).click();
      await poll(() => page.getByText(`(Sai ${n}/5)`).isVisible()).toBe(true);
    }
    await poll(() => page.getByText('Bạn đã nhập sai quá 5 lần. Hãy bấm Gửi lại OTP.').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Xác thực', exact: true }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Chữ số 1 của mã OTP').isDisabled()).toBe(true);
    // 'Sửa email' goes back to the form with the data kept.
    await page.getByRole('link', { name: 'Sửa email' }).click();
    await waitForPath(page, '/dang-ky');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(email);
    await context.close();
  });

  it('resets a forgotten password with an OTP', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.goto('/quen-mat-khau');
    await page.getByLabel('Email', { exact: true }).fill('khach@nhasach.local');
    await page.getByRole('button', { name: 'Gửi OTP' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nhập mã OTP' });
    await poll(() => dialog.isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /Gửi lại OTP sau \d+s/ }).first().isDisabled()).toBe(true);
    const otp = await shop.store.mail.otpFor('khach@nhasach.local');
    await dialog.getByLabel('Chữ số 1 của mã OTP').fill(otp);
    await dialog.getByRole('button', { name: 'Tiếp tục' }).click();
    await waitForPath(page, '/dat-lai-mat-khau');
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe('khach@nhasach.local');
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Khach@456');
    await page.getByLabel('Xác nhận mật khẩu mới').fill('Khach@457');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await poll(() => page.getByText('Mật khẩu xác nhận chưa khớp.').isVisible()).toBe(true);
    await page.getByLabel('Xác nhận mật khẩu mới').fill('Khach@456');
    await page.getByRole('button', { name: 'Đặt lại mật khẩu' }).click();
    await waitForPath(page, '/dang-nhap');
    await logIn(page, 'khach', 'Khach@456');
    await waitForPath(page, '/');
    // Put the demo password back for the other tests.
    await page.goto('/doi-mat-khau');
    await page.getByLabel('Mật khẩu hiện tại').fill('Khach@456');
    await page.getByLabel('Mật khẩu mới', { exact: true }).fill('Khach@123');
    await page.getByLabel('Xác nhận mật khẩu mới').fill('Khach@123');
    await page.getByRole('button', { name: 'Đổi mật khẩu' }).click();
    await waitForPath(page, '/dang-nhap');
    await context.close();
  });

  it('guards the admin, sale and account areas by role', async () => {
    // Guest.
    let { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.goto('/admin');
    await waitForPath(page, '/dang-nhap?next=%2Fadmin');
    await page.goto('/tai-khoan?tab=1');
    await waitForPath(page, '/dang-nhap?next=%2Ftai-khoan%3Ftab%3D1');
    await context.close();

    // Customer: cannot open /admin; login with next returns to it.
    ({ context, page } = await newPage(shop.browser, shop.store.baseUrl));
    await logIn(page, 'khach', 'Khach@123', '/dang-nhap?next=/tai-khoan/ho-so-cua-toi');
    await waitForPath(page, '/tai-khoan/ho-so-cua-toi');
    await page.goto('/tai-khoan');
    await waitForPath(page, '/tai-khoan/ho-so-cua-toi');
    await page.goto('/admin');
    await waitForPath(page, '/dang-nhap?next=%2Fadmin');
    await poll(() => page.getByText('không có quyền truy cập trang này').isVisible()).toBe(true);
    await page.goto('/sale/orders');
    await waitForPath(page, '/dang-nhap?next=%2Fsale%2Forders');
    await context.close();

    // Sale.
    ({ context, page } = await newPage(shop.browser, shop.store.baseUrl));
    await logIn(page, 'sale', 'Sale@123');
    await waitForPath(page, '/sale/orders');
    await page.goto('/sale');
    await waitForPath(page, '/sale/orders');
    await stays(page, '/sale/orders');
    await page.goto('/admin');
    await waitForPath(page, '/dang-nhap?next=%2Fadmin');
    await page.goto('/dang-nhap');
    await waitForPath(page, '/sale/orders');
    await context.close();

    // Admin.
    ({ context, page } = await newPage(shop.browser, shop.store.baseUrl));
    await logIn(page, 'admin', 'Admin@123');
    await waitForPath(page, '/admin');
    await page.goto('/dang-nhap');
    await waitForPath(page, '/admin');
    await page.goto('/sale');
    await waitForPath(page, '/sale/orders');
    await page.goto('/admin/books');
    await stays(page, '/admin/books');
    await context.close();
  });

  it('restores a session from a stored token without a user record', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(page, 'khach', 'Khach@123');
    await waitForPath(page, '/');
    await page.evaluate(() => localStorage.removeItem('auth.user'));
    await page.goto('/tai-khoan/ho-so-cua-toi');
    await poll(() => page.getByLabel('Họ', { exact: true }).inputValue()).toBe('Nguyễn Văn');
    const rebuilt = JSON.parse((await page.evaluate(() => localStorage.getItem('auth.user'))) ?? '{}') as { username?: string; roles?: string[] };
    expect(rebuilt.username).toBe('khach');
    await context.close();
  });

  it('refreshes an expired or rejected token from the cookie, and ends the session when that fails', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(page, 'khach', 'Khach@123');
    await waitForPath(page, '/');
    const original = (await page.evaluate(() => localStorage.getItem('accessToken')))!;

    /** The same claims with another exp, and a signature the server will not accept. */
    const forged = (exp: number) =>
      page.evaluate(
        ([token, expAt]) => {
          const [head, body] = token.split('.');
          const claims = JSON.parse(atob(body!.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
          const payload = btoa(JSON.stringify({ ...claims, exp: expAt })).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
          return `${head}.${payload}.forged-signature`;
        },
        [original, exp] as const,
      );

    // Expired at start-up: the guard waits for the refresh, then the page opens with a new token.
    const expired = await forged(Math.floor(Date.now() / 1000) - 3600);
    await page.evaluate((t) => localStorage.setItem('accessToken', t), expired);
    await page.goto('/tai-khoan/ho-so-cua-toi');
    await poll(() => page.getByLabel('Họ', { exact: true }).inputValue()).toBe('Nguyễn Văn');
    const refreshed = await page.evaluate(() => localStorage.getItem('accessToken'));
    expect(refreshed).not.toBe(expired);
    expect(refreshed).toBeTruthy();

    // Not expired but rejected (401): the client refreshes once and retries.
    const rejected = await forged(Math.floor(Date.now() / 1000) + 3600);
    await page.evaluate((t) => localStorage.setItem('accessToken', t), rejected);
    await page.reload();
    await poll(() => page.getByLabel('Họ', { exact: true }).inputValue()).toBe('Nguyễn Văn');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).not.toBe(rejected);

    // Without the refresh cookie the session ends and the guard sends the visitor to login.
    await context.clearCookies();
    await page.evaluate((t) => localStorage.setItem('accessToken', t), rejected);
    await page.reload();
    await waitForPath(page, '/dang-nhap?next=%2Ftai-khoan%2Fho-so-cua-toi');
    expect(await page.evaluate(() => localStorage.getItem('accessToken'))).toBeNull();
    expect(await page.getByRole('link', { name: 'Tài khoản: đăng ký hoặc đăng nhập' }).count()).toBe(1);
    await context.close();
  });

  it('opens the account menu on hover, click and keyboard', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    // On a light page: the header is what is tested here.
    await logIn(page, 'admin', 'Admin@123', '/dang-nhap?next=/lien-he');
    await waitForPath(page, '/lien-he');
    const button = page.getByRole('button', { name: /^Tài khoản của / });
    const manage = page.getByRole('menuitem', { name: 'Quản lý tài khoản' });
    await button.hover();
    await poll(() => manage.isVisible()).toBe(true);
    // Staff entries for an admin.
    expect(await page.getByRole('menuitem', { name: 'Trang quản trị' }).getAttribute('href')).toBe('/admin');
    expect(await page.getByRole('menuitem', { name: 'Quản lý đơn hàng' }).getAttribute('href')).toBe('/sale/orders');
    await page.mouse.move(5, 700);
    await poll(() => manage.isVisible()).toBe(false);

    await button.focus();
    await page.keyboard.press('Enter');
    await poll(() => manage.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Escape');
    await poll(() => manage.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Tài khoản của /);
    await context.close();
  });

  it("drops a cart answer that arrives after logging out: the guest's badge shows no count", async () => {
    const { accessToken } = await storeApi<{ accessToken: string }>(shop.store.baseUrl, '/api/v1/auth/login', {
      method: 'POST',
      body: { username: 'khach', password: 'Khach@123' },
    });
    const books = await storeApi<{ content: { id: number; stock: number }[] }>(shop.store.baseUrl, '/api/v1/books?page=0&size=20&status=ACTIVE');
    const book = books.content.find((b) => b.stock > 0)!;
    await storeApi(shop.store.baseUrl, '/api/v1/cart/items', { method: 'POST', token: accessToken, body: { bookId: book.id, qty: 1 } });

    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    // Every cart read takes 1.5 s: the one that follows the login is still on its way when the shopper logs out.
    await page.route('**/api/v1/cart', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await logIn(page, 'khach', 'Khach@123');
    await waitForPath(page, '/');
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await waitForPath(page, '/dang-nhap');
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    expect(await page.getByRole('link', { name: /^Giỏ hàng, \d+ sản phẩm$/ }).count()).toBe(0);
    await context.close();
  });

  it("never shows the previous account's address book to the next one signed in on the same tab", async () => {
    const base = shop.store.baseUrl;
    const tokenOf = async (username: string, password: string) =>
      (await storeApi<{ accessToken: string }>(base, '/api/v1/auth/login', { method: 'POST', body: { username, password } })).accessToken;
    const first = await tokenOf('minh.tran', 'Docgia@123');
    const second = await tokenOf('khach', 'Khach@123');
    const line1 = (who: string) => `${who} ${Date.now()} Đường Sổ Địa Chỉ`;
    const firstLine = line1('Số 1');
    const secondLine = line1('Số 2');
    await storeApi(base, '/api/v1/address', { method: 'POST', token: first, body: { ...TEST_ADDRESS, line1: firstLine } });
    await storeApi(base, '/api/v1/address', { method: 'POST', token: second, body: { ...TEST_ADDRESS, line1: secondLine } });

    const { context, page } = await newPage(shop.browser, base);
    const openAddressBook = async () => {
      await openAccountMenu(page);
      await page.getByRole('menuitem', { name: 'Quản lý tài khoản' }).click();
      await page.getByRole('link', { name: 'Địa chỉ', exact: true }).click();
      await waitForPath(page, '/tai-khoan/dia-chi');
    };
    await logIn(page, 'minh.tran', 'Docgia@123');
    await waitForPath(page, '/');
    await openAddressBook();
    await poll(() => page.getByText(firstLine).isVisible()).toBe(true);

    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await waitForPath(page, '/dang-nhap');
    // The next account's address book takes 1.5 s: meanwhile the page must show it loading, not the last one's.
    await page.route('**/api/v1/address', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    // Signed in on the same tab, without a reload: the app's memory of the first account is what is tested.
    await page.getByLabel('Tên đăng nhập hoặc email').fill('khach');
    await page.getByLabel('Mật khẩu', { exact: true }).fill('Khach@123');
    await page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await waitForPath(page, '/');
    await openAddressBook();
    expect(await page.getByText(firstLine).count()).toBe(0);
    await poll(() => page.getByText(secondLine).isVisible()).toBe(true);
    expect(await page.getByText(firstLine).count()).toBe(0);
    await context.close();
  });

  it('drops a favourite answer that arrives after logging out: nothing of the shopper is stored again', async () => {
    const books = await storeApi<{ content: { slug: string; title: string }[] }>(shop.store.baseUrl, '/api/v1/books?page=0&size=5&status=ACTIVE');
    const book = books.content[0]!;
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(page, 'khach', 'Khach@123');
    await waitForPath(page, '/');
    await page.goto(`/books/${book.slug}`);
    // The toggle's answer takes 1.5 s: the shopper logs out while it is on its way.
    await page.route('**/api/v1/books/favorites/*/toggle', async (route) => {
      await new Promise((r) => setTimeout(r, 1500));
      await route.continue();
    });
    await page.getByRole('button', { name: new RegExp(`[yY]êu thích "${book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"$`) }).first().click();
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await waitForPath(page, '/dang-nhap');
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    await context.close();
  });

  it('keeps a heart clicked while the favourites are still being read after login', async () => {
    const books = await storeApi<{ content: { id: number; slug: string; title: string }[] }>(shop.store.baseUrl, '/api/v1/books?page=0&size=5&status=ACTIVE');
    const book = books.content[2]!;
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    // The full sync's pages take 3 s: the shopper clicks the heart before they arrive.
    let syncAnswered = 0;
    await page.route('**/api/v1/books/favorites/me*', async (route) => {
      const response = await route.fetch();
      await new Promise((r) => setTimeout(r, 3000));
      await route.fulfill({ response });
      syncAnswered++;
    });
    await logIn(page, 'khach', 'Khach@123', `/dang-nhap?next=${encodeURIComponent(`/books/${book.slug}`)}`);
    await waitForPath(page, `/books/${book.slug}`);
    const heart = page.getByRole('button', { name: new RegExp(`[yY]êu thích "${book.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"$`) }).first();
    // The product's answer (it says whether the book is liked) has come; the sync has not answered yet.
    await page.getByRole('heading', { level: 1, name: book.title }).waitFor();
    await heart.waitFor();
    await page.waitForTimeout(200);
    const before = await heart.getAttribute('aria-pressed');
    expect(syncAnswered).toBe(0);
    await heart.click();
    const after = before === 'true' ? 'false' : 'true';
    await poll(() => heart.getAttribute('aria-pressed')).toBe(after);
    await poll(() => syncAnswered).toBeGreaterThan(0);
    await page.waitForTimeout(300);
    expect(await heart.getAttribute('aria-pressed')).toBe(after);
    // The server holds it too, and the stored record agrees.
    await page.reload();
    await poll(() => heart.getAttribute('aria-pressed')).toBe(after);
    await poll(() => syncAnswered).toBeGreaterThan(1);
    const ids = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((k) => /^FAV_\d+_V1$/.test(k));
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { ids?: number[] }).ids ?? [] : [];
    });
    expect(ids.includes(book.id)).toBe(after === 'true');
    // Leave the shopper's favourites as they were.
    await heart.click();
    await poll(() => heart.getAttribute('aria-pressed')).toBe(before);
    await context.close();
  });

  it('drops a token refresh that lands after logging out: the shopper stays logged out', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(page, 'khach', 'Khach@123');
    await waitForPath(page, '/');
    // The server answers the refresh at once; the answer reaches the page 1.5 s later, after the logout.
    let refreshed = 0;
    await page.route('**/api/v1/auth/refresh', async (route) => {
      const response = await route.fetch();
      refreshed++;
      await new Promise((r) => setTimeout(r, 1500));
      await route.fulfill({ response });
    });
    // A token the server no longer takes: the next call answers 401 and the page asks for a new one.
    await page.evaluate(() => localStorage.setItem('accessToken', 'het-han'));
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Quản lý tài khoản' }).click();
    await poll(() => refreshed).toBe(1);
    await openAccountMenu(page);
    await page.getByRole('menuitem', { name: 'Đăng xuất' }).click();
    await waitForPath(page, '/dang-nhap');
    await page.waitForTimeout(2500);
    expect(await page.evaluate(() => Object.keys(localStorage).filter((k) => k !== 'intro-seen-v2'))).toEqual([]);
    expect(await page.getByRole('link', { name: 'Tài khoản: đăng ký hoặc đăng nhập' }).count()).toBe(1);
    await context.close();
  });

  it('shows the intro overlay once on the home page or a listing, and never with skipIntro, the skip-once flag, deep links or staff users', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl, { showIntro: true });
    const intro = page.getByRole('dialog', { name: /Tri thức trong tầm tay/ });
    const settle = async () => {
      await page.getByRole('combobox', { name: /Tìm kiếm/ }).filter({ visible: true }).waitFor();
      await page.waitForTimeout(300);
    };

    await page.goto('/?skipIntro=1');
    await settle();
    expect(await intro.count()).toBe(0);

    await page.evaluate(() => localStorage.setItem('intro-skip-once', '1'));
    await page.goto('/');
    await settle();
    expect(await intro.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('intro-skip-once'))).toBeNull();

    // A staff area sends a guest to login: a deep link, nothing covers it (nor the contact page).
    await page.goto('/sale/orders');
    await page.waitForURL((url) => url.pathname === '/dang-nhap');
    await settle();
    expect(await intro.count()).toBe(0);
    await page.goto('/lien-he');
    await settle();
    expect(await intro.count()).toBe(0);
    // A listing shows it.
    await page.goto('/search?q=sach');
    await poll(() => intro.isVisible()).toBe(true);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Khám phá ngay');
    await page.getByRole('button', { name: /Khám phá ngay/ }).click();
    await poll(() => intro.count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('intro-seen-v2'))).not.toBeNull();
    await page.goto('/');
    await settle();
    expect(await intro.count()).toBe(0);
    await context.close();

    // A sale user on a fresh browser never sees it, even on storefront pages.
    const fresh = await newPage(shop.browser, shop.store.baseUrl, { showIntro: true });
    await fresh.page.goto('/dang-nhap?skipIntro=1');
    await fresh.page.getByLabel('Tên đăng nhập hoặc email').fill('sale');
    await fresh.page.getByLabel('Mật khẩu', { exact: true }).fill('Sale@123');
    await fresh.page.getByRole('button', { name: 'Đăng nhập', exact: true }).click();
    await fresh.page.waitForURL((url) => url.pathname === '/sale/orders');
    await fresh.page.goto('/');
    await fresh.page.getByRole('combobox', { name: /Tìm kiếm/ }).filter({ visible: true }).waitFor();
    await fresh.page.waitForTimeout(300);
    expect(await fresh.page.getByRole('dialog', { name: /Tri thức trong tầm tay/ }).count()).toBe(0);
    await fresh.context.close();
  });

  it('shows the 404 page, the search and cart behaviour of the header', async () => {
    const { context, page } = await newPage(shop.browser, shop.store.baseUrl);
    await page.goto('/khong-co-trang-nay');
    await poll(() => page.getByRole('heading', { name: 'Không tìm thấy trang' }).isVisible()).toBe(true);
    await page.getByRole('link', { name: 'Về trang chủ' }).click();
    await waitForPath(page, '/');

    const search = page.getByRole('combobox', { name: /Tìm kiếm/ });
    await search.fill('   ');
    await page.getByRole('button', { name: 'Tìm kiếm', exact: true }).click();
    expect(pathOf(page)).toBe('/');
    await search.fill(`  Dế Mèn ${'x'.repeat(200)}`);
    await page.getByRole('button', { name: 'Tìm kiếm', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/search');
    const params = new URL(page.url()).searchParams;
    expect(params.get('q')).toBe(`Dế Mèn ${'x'.repeat(200)}`.slice(0, 128));
    expect([params.get('page'), params.get('size'), params.get('sort'), params.get('direction')]).toEqual(['0', '20', 'relevance', 'DESC']);

    // The badge is the server cart's count (its query), not a number kept in the browser: a guest has none, whatever
    // the storage or the page's events say.
    const cartLink = page.getByRole('link', { name: /^Giỏ hàng/ });
    expect(await cartLink.getAttribute('aria-label')).toBe('Giỏ hàng');
    await page.evaluate(() => {
      localStorage.setItem('CART_BADGE_COUNT', '3');
      window.dispatchEvent(new CustomEvent('cart:changed', { detail: {} }));
    });
    await page.waitForTimeout(300);
    expect(await cartLink.getAttribute('aria-label')).toBe('Giỏ hàng');
    await page.goto('/gio-hang');
    expect(await page.getByRole('link', { name: /^Giỏ hàng/ }).getAttribute('aria-current')).toBe('page');
    await context.close();
  });
});

describe('screenshots', () => {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    it(`captures the shell and auth screens (${label})`, async () => {
      // Intro overlay on the first visit.
      let { context, page } = await newPage(shop.browser, shop.store.baseUrl, { viewport, showIntro: true });
      await page.goto('/');
      const intro = page.getByRole('dialog', { name: /Tri thức trong tầm tay/ });
      await poll(() => intro.isVisible()).toBe(true);
      await page.waitForTimeout(300);
      // The overlay covers the viewport: a viewport shot shows it as a visitor sees it.
      await page.screenshot({ path: `${artifactsDir}/intro-${label}.png` });
      await page.keyboard.press('Escape');
      await poll(() => intro.count()).toBe(0);
      await page.reload();
      await page.getByRole('combobox', { name: /Tìm kiếm/ }).filter({ visible: true }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await intro.count()).toBe(0);
      await context.close();

      ({ context, page } = await newPage(shop.browser, shop.store.baseUrl, { viewport }));
      await page.goto('/');
      await page.getByRole('combobox', { name: /Tìm kiếm/ }).filter({ visible: true }).waitFor();
      await page.waitForLoadState('networkidle');
      await screenshot(page, `home-${label}`);

      // Category menu.
      const toggle = page.getByRole('button', { name: 'Mở danh mục' });
      await toggle.click();
      await page.getByRole('button', { name: 'Đóng danh mục' }).waitFor();
      await page.getByText(/Chưa có danh mục\.|Xem tất cả/).filter({ visible: true }).first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: `${artifactsDir}/category-menu-${label}.png` });
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Mở danh mục' }).waitFor();

      for (const path of ['/dang-nhap', '/dang-ky', '/quen-mat-khau']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await screenshot(page, `${path.slice(1)}-${label}`);
      }

      // Verify page with registration data in the session.
      await page.evaluate(() =>
        sessionStorage.setItem(
          'auth.register',
          JSON.stringify({ email: 'ban.doc@example.com', password: 'DocSach@1', username: 'bandoc', resendAvailableAt: Date.now() + 60_000 }),
        ),
      );
      await page.goto('/verify-email');
      await page.getByRole('heading', { name: 'Xác thực email' }).waitFor();
      await screenshot(page, `verify-email-${label}`);

      // Logged in: account dropdown and profile.
      await logIn(page, 'khach', 'Khach@123');
      await waitForPath(page, '/');
      // Let the greeting toast go.
      await poll(() => page.getByText(/^Xin chào/).count()).toBe(0);
      if (label === 'desktop') {
        await openAccountMenu(page);
        await page.getByRole('menuitem', { name: 'Quản lý tài khoản' }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${artifactsDir}/account-menu-${label}.png` });
        await page.keyboard.press('Escape');
      } else {
        await page.getByRole('button', { name: 'Mở menu' }).click();
        await page.getByRole('dialog', { name: 'Menu' }).waitFor();
        await page.waitForTimeout(300);
        await page.screenshot({ path: `${artifactsDir}/account-menu-${label}.png` });
        await page.keyboard.press('Escape');
      }
      await page.goto('/tai-khoan/ho-so-cua-toi');
      await poll(() => page.getByLabel('Họ', { exact: true }).inputValue()).not.toBe('');
      await screenshot(page, `profile-${label}`);
      await page.goto('/tai-khoan/doi-mat-khau');
      await page.getByLabel('Mật khẩu hiện tại').waitFor();
      await screenshot(page, `change-password-${label}`);
      await context.close();
    });
  }
});
