import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { SubscribePage } from '../features/access';
import { Inbox } from '../features/messages';
import { NotificationsPage } from '../features/notifications';
import { lazyNamed } from '../lib/lazy';
import { RootLayout } from './layout/root-layout';
import { ComingSoon, COMING_SOON_PAGES } from './routes/coming-soon';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';
import { PageLoading } from './routes/page-loading';
import { RequireAdmin } from './routes/require-admin';
import { RequireMember } from './routes/require-member';

const Login = lazyNamed(() => import('./routes/login'), 'Login');
const Register = lazyNamed(() => import('./routes/register'), 'Register');
const Favorites = lazyNamed(() => import('./routes/favorites'), 'Favorites');
const MarketingPage = lazyNamed(() => import('../features/marketing'), 'MarketingPage');

/**
 * Every route of spec §2, and the inbox and notifications (DECISIONS 14). A declarative router:
 * the app uses no loaders or actions, and the data router would add ~17 KB gzipped to the first
 * screen (docs/decisions/0040). Screens other than home load on demand.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Home />} />
          <Route path="favorites" element={<Deferred page={<Favorites />} />} />
          <Route path="messages" element={<Deferred page={<Inbox />} membersOnly />} />
          <Route path="notifications" element={<Deferred page={<NotificationsPage />} membersOnly />} />
          <Route path="login" element={<Deferred page={<Login />} />} />
          <Route path="register" element={<Deferred page={<Register />} />} />
          <Route path="subscribe" element={<Deferred page={<SubscribePage />} />} />
          <Route
            path="marketing"
            element={
              <Deferred
                page={
                  <RequireAdmin>
                    <MarketingPage />
                  </RequireAdmin>
                }
              />
            }
          />
          {COMING_SOON_PAGES.map(({ path, ...page }) => (
            <Route key={path} path={path} element={<ComingSoon {...page} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
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
