import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type HydrationState, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import type { RouteData } from '../lib/head.ts';
import { ADMIN_ROLES, SALE_ROLES } from './access.ts';
import { AppRoot } from './AppRoot.tsx';
import { StoreLayout } from './layout/StoreLayout.tsx';
import { lazyPage } from './lazyPage.tsx';
import { RequireRoles } from './RequireRoles.tsx';
import { RouteError } from './RouteError.tsx';
import { notFound, type RouteLoader } from './routes/load.ts';

// Storefront pages load on first visit (the server's HTML of home, product, category and search preloads theirs).
// Rarely seen: loaded when an address leads nowhere (the error page it shows then stays in the first chunk).
const NotFoundPage = lazyPage(() => import('./NotFoundPage.tsx'), 'NotFoundPage');
const HomePage = lazyPage(() => import('../features/storefront/HomePage.tsx'), 'HomePage');
const ContactPage = lazyPage(() => import('../features/content/ContactPage.tsx'), 'ContactPage');
const ContentPage = lazyPage(() => import('../features/content/ContentPage.tsx'), 'ContentPage');
const ProductDetailPage = lazyPage(() => import('../features/storefront/ProductDetailPage.tsx'), 'ProductDetailPage');
const CategoryPage = lazyPage(() => import('../features/storefront/CategoryPage.tsx'), 'CategoryPage');
const SearchPage = lazyPage(() => import('../features/storefront/SearchPage.tsx'), 'SearchPage');
const CartPage = lazyPage(() => import('../features/cart/CartPage.tsx'), 'CartPage');
const CheckoutPage = lazyPage(() => import('../features/checkout/CheckoutPage.tsx'), 'CheckoutPage');
const OrderDetailPage = lazyPage(() => import('../features/orders/OrderDetailPage.tsx'), 'OrderDetailPage');
const BankTransferPage = lazyPage(() => import('../features/orders/BankTransferPage.tsx'), 'BankTransferPage');
const MyOrdersPage = lazyPage(() => import('../features/orders/MyOrdersPage.tsx'), 'MyOrdersPage');
const FavouritesPage = lazyPage(() => import('../features/favourites/FavouritesPage.tsx'), 'FavouritesPage');

// Auth and account screens (forms, validation).
const RegisterPage = lazyPage(() => import('../features/auth/RegisterPage.tsx'), 'RegisterPage');
const VerifyEmailPage = lazyPage(() => import('../features/auth/VerifyEmailPage.tsx'), 'VerifyEmailPage');
const LoginPage = lazyPage(() => import('../features/auth/LoginPage.tsx'), 'LoginPage');
const ForgotPasswordPage = lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage');
const ResetPasswordPage = lazyPage(() => import('../features/auth/ResetPasswordPage.tsx'), 'ResetPasswordPage');
const ChangePasswordPage = lazyPage(() => import('../features/auth/ChangePasswordPage.tsx'), 'ChangePasswordPage');
const AccountLayout = lazyPage(() => import('../features/account/AccountLayout.tsx'), 'AccountLayout');
const ProfilePage = lazyPage(() => import('../features/account/ProfilePage.tsx'), 'ProfilePage');
const AddressesPage = lazyPage(() => import('../features/account/AddressesPage.tsx'), 'AddressesPage');
const AccountChangePasswordPage = lazyPage(() => import('../features/account/AccountChangePasswordPage.tsx'), 'AccountChangePasswordPage');

// Back office.
const AdminLayout = lazyPage(() => import('../features/admin/AdminLayout.tsx'), 'AdminLayout');
const AdminDashboardPage = lazyPage(() => import('../features/admin/AdminDashboardPage.tsx'), 'AdminDashboardPage');
const AdminBooksPage = lazyPage(() => import('../features/admin/AdminBooksPage.tsx'), 'AdminBooksPage');
const AdminUsersPage = lazyPage(() => import('../features/admin/AdminUsersPage.tsx'), 'AdminUsersPage');
const AdminCategoriesPage = lazyPage(() => import('../features/admin/AdminCategoriesPage.tsx'), 'AdminCategoriesPage');
const AdminMastersPage = lazyPage(() => import('../features/admin/AdminMastersPage.tsx'), 'AdminMastersPage');
const AdminVouchersPage = lazyPage(() => import('../features/admin/AdminVouchersPage.tsx'), 'AdminVouchersPage');
const AdminPagesPage = lazyPage(() => import('../features/admin/content/AdminPagesPage.tsx'), 'AdminPagesPage');
const AdminContactPage = lazyPage(() => import('../features/admin/content/AdminContactPage.tsx'), 'AdminContactPage');
// The stock room's pages share one chunk; each is a route of this table (a nested <Routes> would put React
// Router's JSX route reader into every page's first load).
const loadStockPages = () => import('../features/admin/stock/pages.ts');
const STOCK_PAGES = {
  '': 'StockHomePage',
  'books/:id': 'BookStockPage',
  movements: 'MovementsPage',
  receipts: 'ReceiptsPage',
  'receipts/:id': 'ReceiptPage',
  counts: 'CountsPage',
  'counts/:id': 'CountPage',
  exports: 'ExportsPage',
  import: 'ImportPage',
  reports: 'ReportsPage',
} as const;
const stockRoutes: RouteObject[] = Object.entries(STOCK_PAGES).map(([path, name]) => {
  const Page = lazyPage(loadStockPages, name);
  return path ? { path, element: <Page /> } : { index: true, element: <Page /> };
});
const SaleLayout = lazyPage(() => import('../features/sale/SaleLayout.tsx'), 'SaleLayout');
const SaleOrdersPage = lazyPage(() => import('../features/sale/SaleOrdersPage.tsx'), 'SaleOrdersPage');
const SaleOrderDetailPage = lazyPage(() => import('../features/sale/SaleOrderDetailPage.tsx'), 'SaleOrderDetailPage');
const SaleReturnsPage = lazyPage(() => import('../features/returns/SaleReturnsPage.tsx'), 'SaleReturnsPage');
const SaleReturnDetailPage = lazyPage(() => import('../features/returns/SaleReturnDetailPage.tsx'), 'SaleReturnDetailPage');

/**
 * What a route tells the server besides its head: its page's module under src/features (e.g. 'storefront/HomePage'
 * for src/features/storefront/HomePage.tsx), whose script files the HTML preloads.
 */
export interface RouteHandle {
  page?: string;
}

/**
 * The route table of spec section 2, for the browser and the server's render alike. A storefront page's route
 * declares its data and its head: its loader (app/routes/*.ts, loaded with the page's code) fills the query cache
 * through the page's own query options and answers the head (title, description, canonical, Open Graph, JSON-LD);
 * a page that does not exist throws a 404 answer. The server renders the routes that answer a head (entry-server.tsx).
 */
export function createRoutes(client: QueryClient): RouteObject[] {
  const load =
    (module: () => Promise<{ loader: RouteLoader }>) =>
    async (args: LoaderFunctionArgs): Promise<RouteData> =>
      (await module()).loader(client, args);
  const handle = (page: string): RouteHandle => ({ page });
  return [
    {
      element: <AppRoot />,
      errorElement: <RouteError />,
      children: [
        {
          path: '/',
          element: <StoreLayout />,
          errorElement: <RouteError />,
          children: [
            {
              // A page's error (a 404 from its loader) shows inside the store's header and footer.
              errorElement: <RouteError />,
              children: [
                { index: true, element: <HomePage />, loader: load(() => import('./routes/home.ts')), handle: handle('storefront/HomePage') },
                { path: 'lien-he', element: <ContactPage />, loader: load(() => import('./routes/contact.ts')), handle: handle('content/ContactPage') },
                { path: 'trang/:slug', element: <ContentPage />, loader: load(() => import('./routes/content.ts')), handle: handle('content/ContentPage') },
                { path: 'dang-ky', element: <RegisterPage />, loader: load(() => import('./routes/register.ts')), handle: handle('auth/RegisterPage') },
                { path: 'verify-email', element: <VerifyEmailPage /> },
                { path: 'dang-nhap', element: <LoginPage />, loader: load(() => import('./routes/login.ts')), handle: handle('auth/LoginPage') },
                { path: 'quen-mat-khau', element: <ForgotPasswordPage /> },
                { path: 'dat-lai-mat-khau', element: <ResetPasswordPage /> },
                { path: 'books/:slug', element: <ProductDetailPage />, loader: load(() => import('./routes/product.ts')), handle: handle('storefront/ProductDetailPage') },
                { path: 'danh-muc/:catSlug', element: <CategoryPage />, loader: load(() => import('./routes/category.ts')), handle: handle('storefront/CategoryPage') },
                {
                  path: 'danh-muc/:catSlug/:slug',
                  element: <ProductDetailPage />,
                  loader: load(() => import('./routes/product.ts')),
                  handle: handle('storefront/ProductDetailPage'),
                },
                { path: 'search', element: <SearchPage />, loader: load(() => import('./routes/search.ts')), handle: handle('storefront/SearchPage') },
                { path: 'gio-hang', element: <CartPage />, loader: load(() => import('./routes/cart.ts')), handle: handle('cart/CartPage') },
                {
                  // Signed-in customers (spec section 6: account, checkout, orders, favourites).
                  element: <RequireRoles />,
                  children: [
                    { path: 'doi-mat-khau', element: <ChangePasswordPage /> },
                    {
                      path: 'checkout',
                      element: <CheckoutPage />,
                      loader: load(() => import('./routes/checkout.ts')),
                      handle: handle('checkout/CheckoutPage'),
                    },
                    {
                      path: 'orders/:code',
                      element: <OrderDetailPage />,
                      loader: load(() => import('./routes/order.ts')),
                      handle: handle('orders/OrderDetailPage'),
                    },
                    { path: 'orders/:code/chuyen-khoan', element: <BankTransferPage /> },
                    { path: 'don-hang', element: <MyOrdersPage /> },
                    { path: 'yeu-thich', element: <FavouritesPage /> },
                    {
                      path: 'tai-khoan',
                      element: <AccountLayout />,
                      children: [
                        { index: true, element: <Navigate to="/tai-khoan/ho-so-cua-toi" replace /> },
                        { path: 'ho-so-cua-toi', element: <ProfilePage /> },
                        { path: 'dia-chi', element: <AddressesPage /> },
                        { path: 'doi-mat-khau', element: <AccountChangePasswordPage /> },
                      ],
                    },
                  ],
                },
                // Every other address is a page that does not exist: 404 from the server too.
                { path: '*', element: <NotFoundPage />, loader: async () => notFound() },
              ],
            },
          ],
        },
        {
          path: '/admin',
          element: <RequireRoles roles={ADMIN_ROLES} />,
          errorElement: <RouteError />,
          children: [
            {
              element: <AdminLayout />,
              children: [
                { index: true, element: <AdminDashboardPage /> },
                { path: 'books', element: <AdminBooksPage /> },
                { path: 'users', element: <AdminUsersPage /> },
                { path: 'categories', element: <AdminCategoriesPage /> },
                { path: 'masters', element: <AdminMastersPage /> },
                { path: 'vouchers', element: <AdminVouchersPage /> },
                { path: 'pages', element: <AdminPagesPage /> },
                { path: 'contact', element: <AdminContactPage /> },
                { path: 'stock', children: stockRoutes },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
        {
          path: '/sale',
          element: <RequireRoles roles={SALE_ROLES} />,
          errorElement: <RouteError />,
          children: [
            {
              element: <SaleLayout />,
              children: [
                { index: true, element: <Navigate to="/sale/orders" replace /> },
                { path: 'orders', element: <SaleOrdersPage /> },
                { path: 'orders/:id', element: <SaleOrderDetailPage /> },
                { path: 'returns', element: <SaleReturnsPage /> },
                { path: 'returns/:id', element: <SaleReturnDetailPage /> },
                { path: '*', element: <NotFoundPage /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}

// The first render leaves the scroll where it is (hydrationData, even empty, tells the router the page came from the
// server): the app starts at a rendered page's load event, and a shopper who has scrolled by then was sent back to
// the top. Later navigations scroll as before (ScrollRestoration in AppRoot).
// A page the server rendered brings its routes' loader answers (hydrationData.loaderData), so the loaders do not run
// again at start; the page's data is already in the query cache.
export const createAppRouter = (client: QueryClient, hydrationData: HydrationState = {}) => createBrowserRouter(createRoutes(client), { hydrationData });
