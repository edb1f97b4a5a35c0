import type { ParseKeys } from 'i18next';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import type { Permission } from '@contracts/admins/roles';
import { lazyOverlay } from '@/components/lazy-overlay';
import { PageMetaProvider, type PageMeta } from '@/components/page-meta';
import { readLayoutConfig } from '@/lib/layout-config';
import { RolesProvider } from '@/lib/roles/roles';
import { useServices } from '@/lib/services';
import { cn } from '@/lib/utils';
import { PageFallback } from '../fallbacks';
import { SessionQueryProvider } from '../query-client';
import { useSessionKeeper } from '../use-session-keeper';
import { Aside } from './aside';
import { Footer } from './footer';
import { Header } from './header';
import { MobileHeader } from './mobile-header';
import { PermissionGuard } from './permission-guard';
import { ScrollTop } from './scroll-top';
import { Subheader } from './subheader';
import { useShellCommands } from './use-shell-commands';
import { useDocumentTitle } from './use-document-title';
import { DESKTOP_QUERY, useMediaQuery } from './use-media-query';

type Panel = 'user' | 'quick' | 'menu';

// The panels start closed, so their code (and the dialog library under them) is fetched when the
// user first reaches for one, not with the shell.
const loadPanels = () => import('./panels');
const panels = {
  user: lazy(() => loadPanels().then((module) => ({ default: module.UserPanel }))),
  quick: lazy(() => loadPanels().then((module) => ({ default: module.QuickPanel }))),
  menu: lazy(() => loadPanels().then((module) => ({ default: module.MobileMenu }))),
};
const PANELS: readonly Panel[] = ['menu', 'user', 'quick'];

// The command palette and the shortcuts sheet, likewise: only their key listener and button
// are in the shell.
const loadCommands = () => import('./command-palette');
const ShellCommands = lazyOverlay(() => loadCommands().then((m) => m.ShellCommands));

/** The signed-in shell (header, side menu, sub-header, footer). */
export interface MainLayoutProps {
  children: ReactNode;
  /** The sub-header's default title of a path (a page may set its own). */
  titleKeyOf: (path: string) => ParseKeys | undefined;
  /** What the admin's roles must allow to open a path's page. */
  permissionOf: (path: string) => Permission | undefined;
}

/** The shell, with the session's query cache and the admin's roles (live). */
export function MainLayout(props: MainLayoutProps) {
  return (
    <SessionQueryProvider>
      <RolesProvider>
        <Shell {...props} />
      </RolesProvider>
    </SessionQueryProvider>
  );
}

function Shell({ children, titleKeyOf, permissionOf }: MainLayoutProps) {
  const { t } = useTranslation();
  const services = useServices();
  const [path] = useLocation();
  const config = useMemo(() => readLayoutConfig(services.storage), [services.storage]);
  const [collapsed, setCollapsed] = useState(config.asideMinimized);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [opened, setOpened] = useState<ReadonlySet<Panel>>(() => new Set());
  const [meta, setMeta] = useState<PageMeta | null>(null);
  const desktop = useMediaQuery(DESKTOP_QUERY);
  useSessionKeeper();
  const commands = useShellCommands();
  const commandsButton = {
    onOpen: () => commands.setOpen('palette'),
    onIntent: () => void loadCommands(),
    mac: commands.mac,
  };

  const titleKey = titleKeyOf(path);
  const title = meta?.title ?? (titleKey ? t(titleKey) : '');
  const breadcrumbs = meta?.breadcrumbs ?? (title ? [{ label: title }] : []);
  useDocumentTitle(title);
  const now = services.now();
  const openPanel = (which: Panel) => {
    setOpened((seen) => (seen.has(which) ? seen : new Set(seen).add(which)));
    setPanel(which);
  };
  const panelProps = {
    onPointerEnter: () => void loadPanels(),
    onFocus: () => void loadPanels(),
  };

  return (
    <div className="min-h-dvh bg-background">
      <a
        href="#content"
        className="sr-only z-[500] rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('LAYOUT.SKIP_TO_CONTENT')}
      </a>
      {desktop ? (
        <Aside collapsed={collapsed} onToggle={() => setCollapsed((value) => !value)} />
      ) : (
        <MobileHeader
          onOpenMenu={() => openPanel('menu')}
          onOpenQuickPanel={() => openPanel('quick')}
          onOpenUserPanel={() => openPanel('user')}
          panelTriggerProps={panelProps}
          commandsButton={commandsButton}
        />
      )}
      <div
        className={cn(
          'flex min-h-dvh flex-col transition-[padding] duration-200',
          collapsed ? 'lg:pl-[72px]' : 'lg:pl-[264px]',
        )}
      >
        {desktop ? (
          <Header
            config={config}
            onOpenQuickPanel={() => openPanel('quick')}
            onOpenUserPanel={() => openPanel('user')}
            panelTriggerProps={panelProps}
            commandsButton={commandsButton}
          />
        ) : null}
        <Subheader title={title} breadcrumbs={breadcrumbs} config={config} today={now} />
        <main
          id="content"
          tabIndex={-1}
          className={cn(
            'flex-1 px-4 py-5 outline-none sm:px-6 sm:py-6',
            config.width === 'fixed' && 'mx-auto w-full max-w-[1200px]',
          )}
        >
          <PageMetaProvider set={setMeta}>
            <Suspense fallback={<PageFallback />}>
              <PermissionGuard permission={permissionOf(path)}>{children}</PermissionGuard>
            </Suspense>
          </PageMetaProvider>
        </main>
        <Footer config={config} year={new Date(now).getFullYear()} />
      </div>
      <ScrollTop />
      <Suspense fallback={null}>
        {PANELS.filter((which) => opened.has(which)).map((which) => {
          const PanelComponent = panels[which];
          return (
            <PanelComponent
              key={which}
              open={panel === which}
              onOpenChange={(open: boolean) => setPanel(open ? which : null)}
            />
          );
        })}
      </Suspense>
      <ShellCommands
        open={commands.open !== null}
        which={commands.open}
        onOpen={commands.setOpen}
        mac={commands.mac}
      />
    </div>
  );
}
