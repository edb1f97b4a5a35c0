import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { ArrowLeftIcon, CompassIcon, ConstructionIcon } from 'lucide-react';
import { Brand, PRODUCT_NAME } from '@/components/brand';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

const NS = 'errors';

function HomeButton({ inverted = false }: { inverted?: boolean }) {
  const { t } = useTranslation(NS);
  return (
    <Button
      asChild
      size="lg"
      variant={inverted ? 'secondary' : 'default'}
      className={cn(inverted && 'bg-white text-slate-900 hover:bg-white/90')}
    >
      <Link href="/all-users">
        <ArrowLeftIcon aria-hidden="true" />
        {t('BACK_HOME')}
      </Link>
    </Button>
  );
}

function ErrorV1() {
  const { t } = useTranslation(NS);
  return (
    <main className="grid min-h-dvh place-content-center bg-background px-6 text-center">
      <p className="bg-gradient-to-br from-primary to-[oklch(0.6_0.17_230)] bg-clip-text text-[clamp(6rem,22vw,12rem)] leading-none font-bold tracking-tighter text-transparent">
        404
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{t('V1.TITLE')}</h1>
      <div className="mt-8">
        <HomeButton />
      </div>
    </main>
  );
}

function ErrorV2() {
  const { t } = useTranslation(NS);
  return (
    <main className="grid min-h-dvh place-content-center bg-[linear-gradient(135deg,oklch(0.45_0.2_268),oklch(0.55_0.18_300))] px-6 text-center text-white">
      <h1 className="text-[clamp(4.5rem,16vw,9rem)] leading-none font-bold tracking-tight">
        {t('V2.HEADLINE')}
      </h1>
      <p className="mt-4 text-xl text-white/85 sm:text-2xl">{t('V2.TEXT')}</p>
      <div className="mt-10">
        <HomeButton inverted />
      </div>
    </main>
  );
}

function ErrorV3() {
  const { t } = useTranslation(NS);
  return (
    <main className="flex min-h-dvh items-center bg-muted/50 px-6 py-16 sm:px-12 lg:px-24">
      <div className="max-w-2xl">
        <p className="text-7xl font-bold tracking-tight text-primary sm:text-8xl">404</p>
        <h1 className="mt-6 text-3xl font-semibold tracking-tight sm:text-4xl">{t('V3.TITLE')}</h1>
        <p className="mt-4 text-base leading-relaxed text-muted-foreground sm:text-lg">
          {t('V3.TEXT')}
        </p>
        <div className="mt-8">
          <HomeButton />
        </div>
      </div>
    </main>
  );
}

function ErrorV4() {
  const { t } = useTranslation(NS);
  return (
    <main className="grid min-h-dvh place-content-center bg-background px-6 text-center">
      <CompassIcon aria-hidden="true" className="mx-auto size-16 text-primary" strokeWidth={1.5} />
      <h1 className="mt-6 text-[clamp(3.5rem,14vw,7rem)] leading-none font-black tracking-tight text-foreground/90">
        {t('V4.HEADLINE')}
      </h1>
      <p className="mt-4 text-xl text-muted-foreground">{t('V4.TEXT')}</p>
      <div className="mt-8">
        <HomeButton />
      </div>
    </main>
  );
}

function ErrorV5() {
  const { t } = useTranslation(NS);
  return (
    <main className="grid min-h-dvh bg-background lg:grid-cols-2">
      <div className="flex flex-col justify-center px-6 py-16 sm:px-12 lg:px-20">
        <h1 className="text-6xl font-bold tracking-tight text-primary">{t('V5.HEADLINE')}</h1>
        <p className="mt-5 text-2xl font-semibold">{t('V5.TITLE')}</p>
        <p className="mt-3 max-w-md leading-relaxed text-muted-foreground">{t('V5.TEXT')}</p>
        <div className="mt-8">
          <HomeButton />
        </div>
      </div>
      <div
        aria-hidden="true"
        className="hidden place-content-center bg-[radial-gradient(circle_at_center,oklch(0.55_0.18_268/0.18),transparent_65%)] lg:grid"
      >
        <ConstructionIcon className="size-48 text-primary/60" strokeWidth={1} />
      </div>
    </main>
  );
}

function ErrorV6() {
  const { t } = useTranslation(NS);
  return (
    <main className="grid min-h-dvh place-content-center bg-slate-950 px-6 text-center text-white">
      <h1 className="text-[clamp(4rem,14vw,8rem)] leading-none font-light tracking-tight">
        {t('V6.HEADLINE')}
      </h1>
      <p className="mt-6 text-lg text-white/70 sm:text-xl">{t('V6.TEXT')}</p>
      <div className="mt-10">
        <HomeButton inverted />
      </div>
    </main>
  );
}

/** Each variant, and whether it is drawn on a dark surface (the brand then turns white). */
const VARIANTS = {
  'error-v1': { Variant: ErrorV1, dark: false },
  'error-v2': { Variant: ErrorV2, dark: true },
  'error-v3': { Variant: ErrorV3, dark: false },
  'error-v4': { Variant: ErrorV4, dark: false },
  'error-v5': { Variant: ErrorV5, dark: false },
  'error-v6': { Variant: ErrorV6, dark: true },
} as const;

function isVariant(value: string | undefined): value is keyof typeof VARIANTS {
  return value !== undefined && value in VARIANTS;
}

/** /error/error-v1 … error-v6: the template's static 404 / oops pages. */
export function ErrorPage() {
  const { t } = useTranslation(NS);
  const { variant } = useParams<{ variant: string }>();
  const { Variant, dark } = VARIANTS[isVariant(variant) ? variant : 'error-v1'];
  useEffect(() => {
    document.title = `${t('DOCUMENT_TITLE')} · ${PRODUCT_NAME}`;
  }, [t]);
  return (
    <div className="relative" data-testid="error-page" data-variant={variant}>
      <div className="absolute top-5 left-5 z-10 sm:top-6 sm:left-8">
        <Brand tone={dark ? 'inverted' : 'default'} />
      </div>
      <Variant />
    </div>
  );
}
