import type { ReactElement, ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { createI18n, type Language } from '@/lib/i18n';
import { ServicesProvider } from '@/lib/services';
import { fakeServices, type FakeServices, type FakeServicesOptions } from './fakes';

export interface RenderOptions extends FakeServicesOptions {
  path?: string;
  language?: Language;
  services?: FakeServices;
}

export interface Rendered extends RenderResult {
  services: FakeServices;
  i18n: I18n;
  queryClient: QueryClient;
  /** The router's current path. */
  location: () => string;
  /** Navigates like a link would. */
  navigate: (path: string) => void;
}

/** Renders with fresh services, English strings, a memory router and a retry-less cache. */
export async function renderApp(ui: ReactElement, options: RenderOptions = {}): Promise<Rendered> {
  const services = options.services ?? fakeServices(options);
  const i18n = await createI18n(options.language ?? 'en');
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const memory = memoryLocation({ path: options.path ?? '/', record: true });
  const wrap = (children: ReactNode) => (
    <ServicesProvider services={services}>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <Router hook={memory.hook}>{children}</Router>
        </QueryClientProvider>
      </I18nextProvider>
    </ServicesProvider>
  );
  const result = render(wrap(ui));
  return {
    ...result,
    services,
    i18n,
    queryClient,
    location: () => memory.history.at(-1) ?? '',
    navigate: (path) => memory.navigate(path),
  };
}
