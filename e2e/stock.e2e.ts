import { describe, expect, it } from 'vitest';
import { logIn, newPage, screenshot, storeApi, storeForFile } from './harness.ts';

/**
 * The stock room in the browser (docs/decisions.md, Stock room): a receipt filled by a barcode scanner (digits then
 * Enter) and posted, the book's stock page showing the movement, a count scanned and posted, the reorder list.
 */

const shop = storeForFile();

const poll = <T>(fn: () => T | Promise<T>, timeout = 15_000) => expect.poll(fn, { timeout, interval: 100 });

interface BookRow {
  id: number;
  isbn13: string;
  title: string;
  stock: number;
}

describe('stock room', () => {
  it('receives books by scanning, posts the receipt, counts a shelf and shows the movements', async () => {
    const { accessToken: token } = await storeApi<{ accessToken: string }>(shop.store.baseUrl, '/api/v1/auth/login', { method: 'POST', body: { username: 'admin', password: 'Admin@123' } });
    const list = await storeApi<{ content: BookRow[] }>(shop.store.baseUrl, '/api/v1/admin/books?size=3&status=ACTIVE', { token });
    const [a, b] = list.content as [BookRow, BookRow];

    const { page } = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(page, 'admin', 'Admin@123', '/admin');
    await page.getByRole('link', { name: 'Kho hàng' }).first().click();
    await page.waitForURL('**/admin/stock');
    await page.getByRole('heading', { name: 'Cần nhập thêm' }).waitFor();
    await screenshot(page, 'stock-reorder');

    // A new receipt; the scanner types each ISBN then Enter: a twice-scanned book is one line of 2.
    await page.getByRole('navigation', { name: 'Kho hàng' }).getByRole('link', { name: 'Phiếu nhập' }).click();
    await page.getByRole('button', { name: 'Tạo phiếu nhập' }).click();
    await page.waitForURL(/\/admin\/stock\/receipts\/\d+$/);
    const scan = page.getByLabel('ISBN');
    for (const isbn of [a.isbn13, b.isbn13, a.isbn13]) {
      await scan.pressSequentially(isbn, { delay: 5 });
      await scan.press('Enter');
      await poll(() => scan.inputValue()).toBe('');
    }
    await poll(() => page.getByLabel(`Số lượng của ${a.title}`).inputValue()).toBe('2');
    await page.getByLabel(`Giá nhập của ${a.title}`).fill('45000');
    await page.getByLabel(`Giá nhập của ${a.title}`).blur();
    await poll(() => page.getByText('90.000 ₫').first().isVisible()).toBe(true);
    // A wrong checksum is refused before asking the server.
    await scan.fill('9780000000003');
    await scan.press('Enter');
    await page.getByText('ISBN-13 không hợp lệ (sai checksum)').waitFor();
    await scan.fill('');
    await screenshot(page, 'stock-receipt-draft');

    await page.getByRole('button', { name: 'Nhập kho', exact: true }).click();
    await page.getByRole('button', { name: 'Xác nhận nhập kho' }).click();
    await page.getByText(/Đã nhập kho · tạo lúc/).waitFor();
    await screenshot(page, 'stock-receipt-posted');
    const after = await storeApi<{ stock: number; ledgerTotal: number }>(shop.store.baseUrl, `/api/v1/admin/stock/books/${a.id}`, { token });
    expect(after).toMatchObject({ stock: a.stock + 2, ledgerTotal: a.stock + 2 });

    // The book's stock page lists the receipt's movement.
    await page.getByRole('link', { name: a.title }).first().click();
    await page.waitForURL(`**/admin/stock/books/${a.id}`);
    await page.getByRole('cell', { name: 'Nhập hàng' }).first().waitFor();
    await screenshot(page, 'stock-book');

    // A count of the whole shop: a scanned 1 copy of b against its stock, posted.
    await page.goto('/admin/stock/counts');
    await page.getByRole('button', { name: 'Bắt đầu kiểm kê' }).click();
    await page.waitForURL(/\/admin\/stock\/counts\/\d+$/);
    const countScan = page.getByLabel('ISBN (mỗi lần quét +1 cuốn)');
    await countScan.pressSequentially(b.isbn13, { delay: 5 });
    await countScan.press('Enter');
    await page.getByText(`${b.title}: đã đếm 1`).waitFor();
    await page.getByLabel('Lọc').selectOption('differences');
    await screenshot(page, 'stock-count');
    await page.getByRole('button', { name: 'Cân bằng kho', exact: true }).click();
    await page.getByRole('button', { name: 'Xác nhận cân bằng kho' }).click();
    await page.getByText(/Đã cân bằng kho · /).waitFor();
    const bAfter = await storeApi<{ stock: number; ledgerTotal: number }>(shop.store.baseUrl, `/api/v1/admin/stock/books/${b.id}`, { token });
    expect(bAfter).toMatchObject({ stock: 1, ledgerTotal: 1 });

    await page.goto('/admin/stock/movements');
    await page.getByRole('cell', { name: 'Điều chỉnh kiểm kê' }).first().waitFor();
    await screenshot(page, 'stock-movements');

    await page.getByRole('navigation', { name: 'Kho hàng' }).getByRole('link', { name: 'Báo cáo' }).click();
    await page.getByRole('heading', { name: 'Số liệu' }).waitFor();
    await page.getByRole('cell', { name: 'Tổng cộng' }).waitFor();
    await screenshot(page, 'stock-sales-report');
    await page.goto('/admin/stock/exports');
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Tải Excel' }).first().click()]);
    expect(file.suggestedFilename()).toMatch(/^sach-\d{4}-\d{2}-\d{2}\.xlsx$/);
  });

  it('imports books from a CSV: report by row and column, background run, progress kept across a reload', async () => {
    const { page } = await newPage(shop.browser, shop.store.baseUrl);
    await logIn(page, 'admin', 'Admin@123', '/admin');
    await page.goto('/admin/stock/import');
    const good = ['9786049990007', '9786049990014', '9786049990021'];
    const csv = ['ISBN,Tên sách,Giá bán,Danh mục,Tồn kho ban đầu', ...good.map((isbn, i) => `${isbn},Sách Nhập Trình Duyệt ${i},99000,Danh Mục Trình Duyệt,5`), '9786049990038,Sách Lỗi,abc,,'].join('\n');
    await page.locator('input[type=file]').setInputFiles({ name: 'sach.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await page.getByLabel('Tạo mới tác giả, nhà xuất bản, nhà cung cấp, danh mục khi chưa có').check();
    await page.getByRole('button', { name: 'Kiểm tra tệp' }).click();
    await page.getByRole('cell', { name: 'Giá bán phải là số nguyên.' }).waitFor();
    await page.waitForURL(/\/admin\/stock\/import\?id=\d+$/);
    await screenshot(page, 'stock-import-report');
    await page.reload();
    await page.getByRole('button', { name: 'Nhập 3 dòng hợp lệ' }).click();
    await page.getByText('Đã nhập xong: 3 sách mới, 0 sách cập nhật, 1 dòng lỗi bỏ qua.').waitFor();
    await page.reload();
    await page.getByText('Đã nhập xong: 3 sách mới, 0 sách cập nhật, 1 dòng lỗi bỏ qua.').waitFor();
    await screenshot(page, 'stock-import-done');
  });
});

