import { createBrowserRouter, type RouteObject } from 'react-router';
import { VerifyEmailScreen } from '../features/account-mail/VerifyEmailScreen';
import { AdminOverviewScreen } from '../features/admin/AdminOverviewScreen';
import { FailedVideosScreen } from '../features/admin/FailedVideosScreen';
import { ApiTokensScreen } from '../features/api-tokens/ApiTokensScreen';
import { AuditScreen } from '../features/audit/AuditScreen';
import { ForgotPasswordScreen } from '../features/auth/ForgotPasswordScreen';
import { LoginScreen } from '../features/auth/LoginScreen';
import { ResetPasswordScreen } from '../features/auth/ResetPasswordScreen';
import { SignupScreen } from '../features/auth/SignupScreen';
import { BalanceScreen } from '../features/billing/BalanceScreen';
import { CheckoutScreen } from '../features/billing/CheckoutScreen';
import { CompanyDetailScreen } from '../features/companies/CompanyDetailScreen';
import { CompanyOverviewScreen } from '../features/companies/CompanyOverviewScreen';
import { CompanyDataScreen } from '../features/company-data/CompanyDataScreen';
import { ContentDetailScreen } from '../features/content/ContentDetailScreen';
import { ContentOverviewScreen } from '../features/content/ContentOverviewScreen';
import { ContentPageScreen } from '../features/content/ContentPageScreen';
import { ConversionDetailScreen } from '../features/conversions/ConversionDetailScreen';
import { ConversionOverviewScreen } from '../features/conversions/ConversionOverviewScreen';
import { GlossaryScreen } from '../features/glossary/GlossaryScreen';
import { HomeScreen } from '../features/home/HomeScreen';
import { AdminMessagesScreen } from '../features/messages/AdminMessagesScreen';
import { MessagesScreen } from '../features/messages/MessagesScreen';
import { PricesScreen } from '../features/prices/PricesScreen';
import { ProfileScreen } from '../features/profile/ProfileScreen';
import { AboutScreen } from '../features/public-pages/AboutScreen';
import { ExamplesScreen } from '../features/public-pages/ExamplesScreen';
import { HumanRequestsScreen } from '../features/public-pages/HumanRequestsScreen';
import { ShowcaseScreen } from '../features/showcase/ShowcaseScreen';
import { SiteLinksScreen } from '../features/site-links/SiteLinksScreen';
import { InvitationScreen } from '../features/team/InvitationScreen';
import { TeamScreen } from '../features/team/TeamScreen';
import { UsersScreen } from '../features/users/UsersScreen';
import { VideosScreen } from '../features/videos/VideosScreen';
import { VideoUploadScreen } from '../features/videos/VideoUploadScreen';
import { RequireAdmin, RequireLogin } from './guards';
import { AppLayout } from './layout/AppLayout';
import { NotFoundScreen } from './NotFoundScreen';
import { RouteErrorScreen } from './RouteErrorScreen';

/** PRODUCT.md §2, route table: guard "public". */
const publicRoutes: RouteObject[] = [
  { index: true, element: <HomeScreen /> },
  { path: 'examples', element: <ExamplesScreen /> },
  { path: 'about', element: <AboutScreen /> },
  { path: 'human', element: <HumanRequestsScreen /> },
  { path: 'login', element: <LoginScreen /> },
  { path: 'user/login', element: <LoginScreen /> },
  { path: 'signup', element: <SignupScreen /> },
  { path: 'forgot-password', element: <ForgotPasswordScreen /> },
  { path: 'reset-password', element: <ResetPasswordScreen /> },
  { path: 'verify-email', element: <VerifyEmailScreen /> },
  { path: 'invitation', element: <InvitationScreen /> },
  // The public content pages of PRODUCT.md §1 (/about shows its content page inside AboutScreen).
  { path: 'faq', element: <ContentPageScreen page="faq" /> },
  { path: 'privacy', element: <ContentPageScreen page="privacy" /> },
  { path: 'disclaimer', element: <ContentPageScreen page="disclaimer" /> },
  { path: 'terms', element: <ContentPageScreen page="terms" /> },
  { path: 'help', element: <ContentPageScreen page="help" /> },
  { path: 'contact', element: <ContentPageScreen page="contact" /> },
  // A review link works for whoever holds it, signed in or not (issue 39).
  {
    path: 'review/:token',
    lazy: async () => ({
      Component: (await import('../features/editor/ReviewLinkScreen')).ReviewLinkScreen,
    }),
  },
];

/** Guard "logged in". */
const loggedInRoutes: RouteObject[] = [
  { path: 'videos', element: <VideosScreen /> },
  {
    path: 'videos/:id/edit',
    // Loaded when opened: libass (WebAssembly) and the waveform are the editor's alone.
    lazy: async () => ({ Component: (await import('../features/editor/EditorScreen')).EditorScreen }),
  },
  {
    path: 'videos/:id/review',
    lazy: async () => ({ Component: (await import('../features/editor/ReviewScreen')).ReviewScreen }),
  },
  { path: 'checkout', element: <CheckoutScreen /> },
  { path: 'balance', element: <BalanceScreen /> },
  { path: 'balance/:status', element: <BalanceScreen /> },
  { path: 'user/overview', element: <ProfileScreen /> },
  { path: 'user/tokens', element: <ApiTokensScreen /> },
  { path: 'user/company-data', element: <CompanyDataScreen /> },
  { path: 'glossary', element: <GlossaryScreen /> },
  { path: 'team', element: <TeamScreen /> },
  { path: 'message/overview', element: <MessagesScreen /> },
  { path: 'admin/overview', element: <AdminOverviewScreen /> },
  { path: 'admin/content/overview', element: <ContentOverviewScreen /> },
  { path: 'admin/content/detail/:id', element: <ContentDetailScreen /> },
  { path: 'admin/audit', element: <AuditScreen /> },
  { path: 'admin/user/overview', element: <UsersScreen /> },
  // Logged in, not admin (PRODUCT.md §2): it is where any buyer returns after paying.
  { path: 'video/upload', element: <VideoUploadScreen /> },
];

/** Guard "admin". */
const adminRoutes: RouteObject[] = [
  { path: 'company/overview', element: <CompanyOverviewScreen /> },
  { path: 'company/detail/:id', element: <CompanyDetailScreen /> },
  { path: 'admin/message/overview', element: <AdminMessagesScreen /> },
  { path: 'conversion/overview', element: <ConversionOverviewScreen /> },
  { path: 'conversion/detail/:id', element: <ConversionDetailScreen /> },
  { path: 'admin/prices', element: <PricesScreen /> },
  { path: 'admin/videos/failed', element: <FailedVideosScreen /> },
  { path: 'admin/links', element: <SiteLinksScreen /> },
  { path: 'admin/showcase', element: <ShowcaseScreen /> },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        // A screen that crashes is replaced by the error screen inside the layout, menu still usable.
        errorElement: <RouteErrorScreen />,
        children: [
          ...publicRoutes,
          { element: <RequireLogin />, children: loggedInRoutes },
          { element: <RequireAdmin />, children: adminRoutes },
          { path: '*', element: <NotFoundScreen /> },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
