import type { ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { PageLoader } from '../components/page-loader.component';
import { ErrorPage } from '../pages/system/error.page';
import { RequireAdmin } from './guards/require-admin.guard';
import { RequireAuth } from './guards/require-auth.guard';
import { RootLayout } from './layouts/root.layout';
import { SiteLayout } from './layouts/site.layout';
import type { RouteHandle } from './route-handle';

/** Code-splits a page: its module loads when the route is first visited. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  return async () => ({ Component: (await load())[name] });
}

/** Public without login (customer-area section 2 access rules; terms and privacy are legal text). */
const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('../pages/public/sign-in.page'), 'SignInPage') },
  { path: 'login', lazy: page(() => import('../pages/public/sign-in.page'), 'SignInPage') },
  { path: 'signup', lazy: page(() => import('../pages/public/signup.page'), 'SignUpPage') },
  {
    path: 'forgot-password',
    lazy: page(() => import('../pages/public/forgot-password.page'), 'ForgotPasswordPage'),
  },
  { path: 'pricing', lazy: page(() => import('../pages/public/pricing.page'), 'PricingPage') },
  { path: 'activation', lazy: page(() => import('../pages/public/activation.page'), 'ActivationPage') },
  { path: 'activation/:info', lazy: page(() => import('../pages/public/activation.page'), 'ActivationPage') },
  { path: 'promotion', lazy: page(() => import('../pages/public/promotion.page'), 'PromotionPage') },
  { path: 'terms', lazy: page(() => import('../pages/public/terms.page'), 'TermsPage') },
  { path: 'privacy', lazy: page(() => import('../pages/public/privacy.page'), 'PrivacyPage') },
  { path: 'design-home', lazy: page(() => import('../pages/marketing/design-home.page'), 'DesignHomePage') },
  { path: 'design-main', lazy: page(() => import('../pages/marketing/design-main.page'), 'DesignMainPage') },
  {
    path: 'design-product',
    lazy: page(() => import('../pages/marketing/design-product.page'), 'DesignProductPage'),
  },
  {
    path: 'design-contact',
    lazy: page(() => import('../pages/marketing/design-contact.page'), 'DesignContactPage'),
  },
];

/** Everything else of the customer side: signed-out visitors go to /login. */
const customerRoutes: RouteObject[] = [
  { path: 'verify', lazy: page(() => import('../pages/account/verify.page'), 'VerifyPage') },
  {
    path: 'change-password',
    lazy: page(() => import('../pages/account/change-password.page'), 'ChangePasswordPage'),
  },
  { path: 'profile', lazy: page(() => import('../pages/account/profile.page'), 'ProfilePage') },
  { path: 'dashboard', lazy: page(() => import('../pages/customer/dashboard.page'), 'DashboardPage') },
  {
    path: 'dashboard/add',
    lazy: page(() => import('../pages/customer/add-multimfa.page'), 'AddMultiMfaPage'),
  },
  {
    path: 'dashboard/add-robomfa',
    lazy: page(() => import('../pages/customer/add-robomfa.page'), 'AddRoboMfaPage'),
  },
  {
    path: 'details/:mfaid',
    lazy: page(() => import('../pages/customer/multimfa-details.page'), 'MultiMfaDetailsPage'),
  },
  {
    path: 'robo-mfa/details/:mfaid',
    lazy: page(() => import('../pages/customer/robomfa-details.page'), 'RoboMfaDetailsPage'),
  },
  {
    path: 'pricing-robomfa',
    lazy: page(() => import('../pages/billing/pricing-robomfa.page'), 'PricingRoboMfaPage'),
  },
  { path: 'payment', lazy: page(() => import('../pages/billing/payment.page'), 'PaymentPage') },
  { path: 'success', lazy: page(() => import('../pages/billing/success.page'), 'SuccessPage') },
  {
    path: 'credit-card-management',
    lazy: page(() => import('../pages/billing/credit-card-management.page'), 'CreditCardManagementPage'),
  },
  { path: 'create-card', lazy: page(() => import('../pages/billing/create-card.page'), 'CreateCardPage') },
  {
    path: 'invoice-management',
    lazy: page(() => import('../pages/billing/invoice-management.page'), 'InvoiceManagementPage'),
  },
  { path: 'invoice/:invoiceId', lazy: page(() => import('../pages/billing/invoice.page'), 'InvoicePage') },
];

/** /admin/*: signed out goes to /login, non-admins go to / (admin-area section 2). */
const adminRoutes: RouteObject[] = [
  { index: true, element: <Navigate to="dashboard" replace /> },
  {
    path: 'dashboard',
    lazy: page(() => import('../pages/admin/admin-dashboard.page'), 'AdminDashboardPage'),
  },
  { path: 'logs', lazy: page(() => import('../pages/admin/logs.page'), 'LogsPage') },
  {
    path: 'members-report',
    lazy: page(() => import('../pages/admin/members-report.page'), 'MembersReportPage'),
  },
  { path: 'twilios', lazy: page(() => import('../pages/admin/numbers.page'), 'NumbersPage') },
  { path: 'multimfa', lazy: page(() => import('../pages/admin/multimfas.page'), 'MultiMfasPage') },
  { path: 'robomfa', lazy: page(() => import('../pages/admin/robomfas.page'), 'RoboMfasPage') },
  { path: 'user-report', lazy: page(() => import('../pages/admin/user-report.page'), 'UserReportPage') },
  {
    path: 'advanced-logs',
    lazy: page(() => import('../pages/admin/advanced-logs.page'), 'AdvancedLogsPage'),
  },
  {
    path: 'discount-management',
    lazy: page(() => import('../pages/admin/discount-management.page'), 'DiscountManagementPage'),
  },
  {
    path: 'discount-emails',
    lazy: page(() => import('../pages/admin/discount-emails.page'), 'DiscountEmailsPage'),
  },
  {
    path: 'add-admin-user',
    lazy: page(() => import('../pages/admin/add-admin-user.page'), 'AddAdminUserPage'),
  },
];

const notFoundHandle: RouteHandle = { title: 'Page Not Found' };

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    errorElement: <ErrorPage />,
    HydrateFallback: PageLoader,
    children: [
      {
        Component: SiteLayout,
        children: [
          ...publicRoutes,
          { Component: RequireAuth, children: customerRoutes },
          {
            path: '*',
            handle: notFoundHandle,
            lazy: page(() => import('../pages/system/not-found.page'), 'NotFoundPage'),
          },
        ],
      },
      {
        path: 'admin',
        Component: RequireAdmin,
        children: [
          {
            lazy: page(() => import('./layouts/admin.layout'), 'AdminLayout'),
            children: adminRoutes,
          },
        ],
      },
    ],
  },
];
