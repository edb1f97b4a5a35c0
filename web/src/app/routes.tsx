import { Suspense, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';
import { PageFallback } from './fallbacks';
import { GuestOnly, HOME_PATH, NOT_FOUND_PATH, RequireAuth, RoleGuard } from './guards';
import { Logout } from './logout';
import { pages } from './pages';
import { RouteProgress } from './route-progress';
import { shellRouteFor, shellRoutes } from './route-table';

function AuthRoutes() {
  return (
    <GuestOnly>
      <Switch>
        <Route path="/login" component={pages.login.Component} />
        <Route path="/registration" component={pages.registration.Component} />
        <Route path="/forgot-password" component={pages.forgotPassword.Component} />
        <Route path="/forgot-password/:token/:email" component={pages.resetPassword.Component} />
        <Route>
          <Redirect to="/login" replace />
        </Route>
      </Switch>
    </GuestOnly>
  );
}

function ShellRoutes() {
  const Layout = pages.layout.Component;
  return (
    <RequireAuth>
      <Suspense fallback={<PageFallback fullScreen />}>
        <Layout
          titleKeyOf={(path) => shellRouteFor(path)?.titleKey}
          permissionOf={(path) => shellRouteFor(path)?.permission}
        >
          <Switch>
            <Route path="/">
              <Redirect to={HOME_PATH} replace />
            </Route>
            {shellRoutes.map(({ path, page, roles, nest }) => (
              <Route key={path} path={path} nest={nest}>
                <RoleGuard roles={roles}>
                  <page.Component />
                </RoleGuard>
              </Route>
            ))}
            <Route>
              <Redirect to={NOT_FOUND_PATH} replace />
            </Route>
          </Switch>
        </Layout>
      </Suspense>
    </RequireAuth>
  );
}

function ErrorRoute({ params }: { params: { variant: string } }) {
  if (!/^error-v[1-6]$/.test(params.variant)) return <Redirect to={NOT_FOUND_PATH} replace />;
  return <pages.error.Component />;
}

/**
 * Every route and redirect (docs/product.md#screens-and-routes). `ready` is rendered beside the
 * first screen, once its code has arrived.
 */
export function AppRoutes({ ready }: { ready?: ReactNode }) {
  return (
    <>
      <RouteProgress />
      <Suspense fallback={<PageFallback fullScreen />}>
        {ready}
        <Switch>
          <Route path="/auth" nest>
            <AuthRoutes />
          </Route>
          <Route path="/terms" component={pages.terms.Component} />
          <Route path="/logout" component={Logout} />
          <Route path="/error/:variant" component={ErrorRoute} />
          <Route>
            <ShellRoutes />
          </Route>
        </Switch>
      </Suspense>
    </>
  );
}
