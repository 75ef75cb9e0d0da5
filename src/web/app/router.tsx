import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LOCAL_AREAS } from '../../domain/pages';
import { SubscribePage } from '../features/access';
import { Inbox } from '../features/messages';
import { NotificationsPage } from '../features/notifications';
import { lazyNamed } from '../lib/lazy';
import { RootLayout } from './layout/root-layout';
import { Home } from './routes/home';
import { LocalPage } from './routes/local-page';
import { NotFound } from './routes/not-found';
import { PageLoading } from './routes/page-loading';
import { RequireMember } from './routes/require-member';

const Login = lazyNamed(() => import('./routes/login'), 'Login');
const Register = lazyNamed(() => import('./routes/register'), 'Register');
const ForgotPassword = lazyNamed(() => import('./routes/password-reset'), 'ForgotPassword');
const ResetPassword = lazyNamed(() => import('./routes/password-reset'), 'ResetPassword');
const MailStop = lazyNamed(() => import('./routes/mail-stop'), 'MailStop');
const Favorites = lazyNamed(() => import('./routes/favorites'), 'Favorites');
const Admin = lazyNamed(() => import('./routes/admin'), 'Admin');
const Marketing = lazyNamed(() => import('./routes/marketing'), 'Marketing');
const Account = lazyNamed(() => import('./routes/account'), 'Account');

/**
 * The app in the browser's address bar. A new address is drawn in the task that changed it, not
 * in a transition (0149): drawn later, the new screen took the focus (ScreenStart) from whatever
 * the visitor had moved it to meanwhile, and the key they pressed there was lost. A screen whose
 * code is still loading shows its fallback (Deferred), and its heading takes the focus when it
 * comes only if the focus has stayed on the page.
 */
export function AppRouter() {
  return (
    <BrowserRouter useTransitions={false}>
      <AppRoutes />
    </BrowserRouter>
  );
}

/**
 * Every route of spec §2, and the inbox and notifications (DECISIONS 14); `src/domain/pages.ts`
 * lists the same paths for the server, which answers any other 404. A declarative router: the app
 * uses no loaders or actions, and the data router would add ~17 KB gzipped to the first screen
 * (docs/decisions/0040). Screens other than home load on demand; the build prerenders home, the
 * local pages, /subscribe and the 404 screen inside whatever router it gives (docs/decisions/0088).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<Home />} />
        <Route path="favorites" element={<Deferred page={<Favorites />} />} />
        <Route path="messages" element={<Deferred page={<Inbox />} membersOnly />} />
        <Route path="notifications" element={<Deferred page={<NotificationsPage />} membersOnly />} />
        <Route path="account" element={<Deferred page={<Account />} />} />
        <Route path="login" element={<Deferred page={<Login />} />} />
        <Route path="register" element={<Deferred page={<Register />} />} />
        <Route path="forgot-password" element={<Deferred page={<ForgotPassword />} />} />
        <Route path="reset-password" element={<Deferred page={<ResetPassword />} />} />
        <Route path="mail/stop" element={<Deferred page={<MailStop />} />} />
        <Route path="subscribe" element={<Deferred page={<SubscribePage />} />} />
        <Route path="admin" element={<Deferred page={<Admin />} />} />
        <Route path="marketing" element={<Deferred page={<Marketing />} />} />
        {LOCAL_AREAS.map((area) => (
          // In the first bundle: a screen loaded on demand would be drawn again from its fallback if
          // the session answered before its code arrived, shifting the prerendered page (0088).
          <Route key={area.slug} path={area.slug} element={<LocalPage area={area} />} />
        ))}
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}

/** A screen loaded on demand; `membersOnly` sends a guest to sign in first. */
function Deferred({ page, membersOnly = false }: { page: ReactNode; membersOnly?: boolean }) {
  return (
    <Suspense fallback={<PageLoading />}>
      {membersOnly ? <RequireMember>{page}</RequireMember> : page}
    </Suspense>
  );
}
