import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BrainCircuitIcon, CpuIcon, RadarIcon } from 'lucide-react';
import { Brand } from '@/components/brand';
import { LanguageSelect } from '@/components/language-select';

const HIGHLIGHTS = [
  { icon: BrainCircuitIcon, key: 'AUTH.WELCOME.POINT_AI' },
  { icon: CpuIcon, key: 'AUTH.WELCOME.POINT_IOT' },
  { icon: RadarIcon, key: 'AUTH.WELCOME.POINT_ANALYTICS' },
] as const;

/** The sign-in area: the welcome panel beside the form. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const year = new Date().getFullYear();
  return (
    <div className="flex min-h-dvh flex-col bg-background lg:flex-row">
      <aside className="relative overflow-hidden bg-[oklch(0.23_0.06_268)] text-white lg:flex lg:w-[44%] lg:max-w-[640px] lg:flex-col lg:justify-between lg:p-12 xl:p-14">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(ellipse_at_top_right,oklch(0.5_0.2_268/0.55),transparent_60%),radial-gradient(ellipse_at_bottom_left,oklch(0.55_0.15_200/0.3),transparent_55%)]"
        />
        <div className="relative flex items-center justify-between gap-3 px-5 py-4 lg:p-0">
          <Brand tone="inverted" />
          <LanguageSelect className="lg:hidden" tone="inverted" />
        </div>
        <div className="relative max-w-md px-5 pb-6 lg:p-0">
          <h2 className="text-xl leading-tight font-semibold tracking-tight lg:text-3xl xl:text-4xl">
            {t('AUTH.WELCOME.TITLE')}
          </h2>
          <p className="mt-2 text-sm leading-relaxed text-white/75 lg:mt-4 lg:text-[15px]">
            {t('AUTH.WELCOME.TEXT')}
          </p>
          <ul className="mt-8 hidden space-y-4 lg:block">
            {HIGHLIGHTS.map(({ icon: Icon, key }) => (
              <li key={key} className="flex items-start gap-3 text-sm text-white/85">
                <span className="grid size-8 shrink-0 place-content-center rounded-lg bg-white/10 ring-1 ring-white/15">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="pt-1.5">{t(key)}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="relative hidden text-xs text-white/55 lg:block">
          © {year} Fuel Community · {t('AUTH.GENERAL.ADMIN_ONLY')}
        </p>
      </aside>
      <main className="flex flex-1 flex-col">
        <div className="hidden items-center justify-end px-8 pt-6 lg:flex">
          <LanguageSelect />
        </div>
        <div className="flex flex-1 items-start justify-center px-5 py-8 sm:items-center sm:px-8 sm:py-10">
          <div className="w-full max-w-[400px]">{children}</div>
        </div>
        <footer className="px-5 pb-6 text-center text-xs text-muted-foreground sm:px-8">
          <a
            href="/terms"
            target="_blank"
            rel="noopener"
            className="rounded hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:outline-none"
          >
            {t('AUTH.GENERAL.TERMS')}
          </a>
        </footer>
      </main>
    </div>
  );
}
