import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { PackageIcon, UsersIcon } from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/utils';
import { DEMO_USERS } from '../mock/sample-data';
import { DEMO_ROLES } from '../schemas';
import { useShop } from '../state/shop';
import { useStoreState } from '../state/store';
import { CustomersPage } from './customers/customers-page';
import {
  DemoAccountMenu,
  DemoSignIn,
  type DemoRole,
  type DemoSessionControls,
} from './demo-account';
import { SHOP_PATHS, pathId } from './paths';
import { ProductEditPage } from './products/product-edit-page';
import { ProductsPage } from './products/products-page';

const SECTIONS = [
  { href: SHOP_PATHS.customers, prefix: '/customers', labelKey: 'NAV.CUSTOMERS', icon: UsersIcon },
  { href: SHOP_PATHS.products, prefix: '/products', labelKey: 'NAV.PRODUCTS', icon: PackageIcon },
] as const;

function ShopNav() {
  const { t } = useTranslation('e-commerce');
  const [path] = useLocation();
  return (
    <nav aria-label={t('NAV.LABEL')}>
      <ul className="inline-flex items-center gap-1 rounded-lg bg-muted p-1">
        {SECTIONS.map((section) => {
          const current = path === section.prefix || path.startsWith(`${section.prefix}/`);
          const Icon = section.icon;
          return (
            <li key={section.href}>
              <Link
                href={section.href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'inline-flex h-8 items-center gap-2 rounded-md px-3 text-sm font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none',
                  current && 'bg-card text-foreground shadow-xs',
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {t(section.labelKey)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** The demo session: signed in as the demo admin on arrival, switchable, and leavable. */
function useDemoSession(): DemoSessionControls {
  const shop = useShop();
  const { user } = useStoreState(shop.auth.store);
  const { actions } = shop.auth;
  // Once per visit the shop opens signed in as the demo admin, as the template's did.
  const [pending, setPending] = useState<DemoRole | null>(() =>
    shop.auth.store.getState().authToken ? null : 'admin',
  );
  const [failed, setFailed] = useState(false);

  const run = useCallback(
    (role: DemoRole) => {
      const account = DEMO_USERS.find((candidate) => candidate.roles[0] === DEMO_ROLES[role]);
      const done = account
        ? actions.login(account.email, account.password).then(
            () => true,
            () => false,
          )
        : Promise.resolve(false);
      void done.then((ok) => {
        setPending(null);
        setFailed(!ok);
      });
    },
    [actions],
  );
  const signIn = useCallback(
    (role: DemoRole) => {
      setPending(role);
      setFailed(false);
      run(role);
    },
    [run],
  );

  const arrived = useRef(false);
  useEffect(() => {
    if (arrived.current) return;
    arrived.current = true;
    // A token kept from an earlier visit is the session, while the mock still knows it.
    if (!shop.auth.store.getState().authToken) run('admin');
    else actions.restore().catch(() => signIn('admin'));
  }, [shop, run, actions, signIn]);

  return { user, pending, failed, signIn, signOut: actions.logout };
}

function ShopSections() {
  return (
    <Switch>
      <Route path="/">
        <Redirect to={SHOP_PATHS.customers} replace />
      </Route>
      <Route path="/customers" nest>
        <CustomersPage />
      </Route>
      <Route path="/products">
        <ProductsPage />
      </Route>
      <Route path="/products/new">
        <ProductEditPage id={null} />
      </Route>
      <Route path="/products/:id/edit">
        {(params) => {
          const id = pathId(params.id);
          return id ? (
            <ProductEditPage key={id} id={id} />
          ) : (
            <Redirect to={SHOP_PATHS.notFound} replace />
          );
        }}
      </Route>
      <Route>
        <Redirect to={SHOP_PATHS.notFound} replace />
      </Route>
    </Switch>
  );
}

/**
 * /e-commerce and below (the template's demo shop): customers, and products with their
 * remarks and specifications, over in-browser mock endpoints, used as a demo user.
 */
export function ShopRoutes() {
  const { t } = useTranslation('e-commerce');
  const session = useDemoSession();
  return (
    <div className="grid gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div className="grid gap-1.5">
          <ShopNav />
          <p className="text-xs text-muted-foreground">{t('DEMO.NOTE')}</p>
        </div>
        <DemoAccountMenu {...session} />
      </div>
      {session.user ? (
        <ShopSections />
      ) : session.pending ? (
        <p
          role="status"
          className="flex h-48 items-center justify-center gap-2 text-sm text-muted-foreground"
        >
          <Spinner />
          {t('TABLE.PLEASE_WAIT')}
        </p>
      ) : (
        <DemoSignIn {...session} />
      )}
    </div>
  );
}
