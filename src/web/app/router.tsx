import { Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { LoaderCircle } from 'lucide-react';
import { lazyNamed } from '../lib/lazy';
import { RootLayout } from './layout/root-layout';
import { ComingSoon, COMING_SOON_PAGES } from './routes/coming-soon';
import { Home } from './routes/home';
import { NotFound } from './routes/not-found';

const Login = lazyNamed(() => import('./routes/login'), 'Login');
const Register = lazyNamed(() => import('./routes/register'), 'Register');
const Favorites = lazyNamed(() => import('./routes/favorites'), 'Favorites');

/**
 * Every route of spec §2. A declarative router: the app uses no loaders or actions, and the data
 * router would add ~17 KB gzipped to the first screen (docs/decisions/0040). Screens other than
 * home load on demand.
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={<Home />} />
          <Route path="favorites" element={<Deferred page={<Favorites />} />} />
          <Route path="login" element={<Deferred page={<Login />} />} />
          <Route path="register" element={<Deferred page={<Register />} />} />
          {COMING_SOON_PAGES.map(({ path, ...page }) => (
            <Route key={path} path={path} element={<ComingSoon {...page} />} />
          ))}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </BrowserRouter>
  );
}

function Deferred({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}

function PageLoading() {
  return (
    <div role="status" className="grid min-h-[50vh] place-items-center text-muted-foreground">
      <LoaderCircle className="size-6 animate-spin" aria-hidden="true" />
      <span className="sr-only">Loading...</span>
    </div>
  );
}
