import { launchBrowser, newPage, startStore } from '/work/wt/integrate/e2e/harness.ts';
const store = await startStore();
const browser = await launchBrowser();
for (const vp of [{ width: 1280, height: 800 }, { width: 1600, height: 900 }]) {
  const { context, page } = await newPage(browser, store.baseUrl);
  await page.setViewportSize(vp);
  await page.goto('/dang-nhap');
  await page.getByLabel('Tên đăng nhập hoặc email').fill('sale').catch(() => {});
  await page.locator('input[type=password]').fill('Sale@123');
  await page.locator('form button[type=submit]').click();
  await page.waitForTimeout(2000);
  await page.goto('/sale/orders');
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/sale-orders-${vp.width}.png` });
  await context.close();
}
await browser.close();
await store.stop?.();
process.exit(0);
