import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '@tanstack/react-table';
import { ChevronDownIcon, FuelIcon, StoreIcon } from 'lucide-react';
import { DataTable } from '@/components/data-table/data-table';
import { Pagination } from '@/components/data-table/pagination';
import { EmptyState } from '@/components/empty-state';
import { usePageMeta } from '@/components/page-meta';
import { Avatar, AvatarFallback, initials } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import {
  Breadcrumb,
  BreadcrumbItem,
  BreadcrumbList,
  BreadcrumbPage,
  BreadcrumbSeparator,
} from '@/components/ui/breadcrumb';
import { Button } from '@/components/ui/button';
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from '@/components/ui/card';
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from '@/components/ui/collapsible';
import { Separator } from '@/components/ui/separator';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { GalleryIntro, GallerySection, NS } from './components/gallery';
import { OverlaysDemo } from './components/overlays-demo';
import { SAMPLE_STATIONS, type SampleStation, type StationStatus } from './sample-stations';

const TEAM = ['Amanda Anderson', 'Kevin Jones', 'Nina Patel', 'Carlos Mendes'] as const;

function Cards() {
  const { t, i18n } = useTranslation(NS);
  return (
    <GallerySection id="cards" title={t('CARDS.TITLE')} hint={t('CARDS.HINT')}>
      <div className="grid gap-4 @3xl:grid-cols-3">
        <Card className="gap-3 shadow-none">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-sm">
              <StoreIcon aria-hidden="true" className="size-4 text-primary" />
              {t('CARDS.STATION_TITLE')}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-muted-foreground">
            {t('CARDS.STATION_TEXT')}
          </CardContent>
          <CardFooter>
            <Button
              size="sm"
              variant="outline"
              onClick={() => toast.info(t('CARDS.STATION_ACTION_DONE'))}
            >
              {t('CARDS.STATION_ACTION')}
            </Button>
          </CardFooter>
        </Card>
        <Card className="gap-3 shadow-none">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-sm">
              <FuelIcon aria-hidden="true" className="size-4 text-primary" />
              {t('CARDS.STATS_TITLE')}
            </CardTitle>
            <CardDescription>{t('CARDS.STATS_TEXT')}</CardDescription>
          </CardHeader>
          <CardContent>
            <p className="text-3xl font-semibold tracking-tight tabular-nums">
              {new Intl.NumberFormat(i18n.language).format(48210)} L
            </p>
          </CardContent>
        </Card>
        <Card className="gap-3 shadow-none">
          <CardHeader>
            <CardTitle className="text-sm">{t('CARDS.TEAM_TITLE')}</CardTitle>
            <CardDescription>{t('CARDS.TEAM_TEXT')}</CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="flex -space-x-2">
              {TEAM.map((name) => (
                <li key={name}>
                  <Avatar className="size-9 ring-2 ring-card" title={name}>
                    <AvatarFallback className="text-xs">{initials(name)}</AvatarFallback>
                  </Avatar>
                  <span className="sr-only">{name}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </GallerySection>
  );
}

const STATUS_BADGE: Record<StationStatus, 'success' | 'warning' | 'secondary'> = {
  OPEN: 'success',
  MAINTENANCE: 'warning',
  CLOSED: 'secondary',
};

function Tables() {
  const { t, i18n } = useTranslation(NS);
  const columns = useMemo<ColumnDef<SampleStation, unknown>[]>(() => {
    const price = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD' });
    return [
      { accessorKey: 'name', header: t('TABLES.STATION') },
      { accessorKey: 'city', header: t('TABLES.CITY') },
      {
        accessorKey: 'status',
        header: t('TABLES.STATUS'),
        cell: ({ row }) => (
          <Badge variant={STATUS_BADGE[row.original.status]}>
            {t(`TABLES.${row.original.status}`)}
          </Badge>
        ),
      },
      {
        accessorKey: 'price',
        header: t('TABLES.PRICE'),
        cell: ({ row }) => <span className="tabular-nums">{price.format(row.original.price)}</span>,
      },
    ];
  }, [t, i18n.language]);
  return (
    <GallerySection id="tables" title={t('TABLES.TITLE')} hint={t('TABLES.HINT')}>
      <DataTable
        label={t('TABLES.LABEL')}
        columns={columns}
        data={SAMPLE_STATIONS}
        getRowId={(row) => row.id}
        searchText={(row) => `${row.name} ${row.city}`}
        enableRowSelection
        initialPageSize={5}
      />
    </GallerySection>
  );
}

const EXAMPLE_PAGES = 12;

function Navigation() {
  const { t } = useTranslation(NS);
  const [page, setPage] = useState(1);
  return (
    <GallerySection id="navigation" title={t('NAVIGATION.TITLE')} hint={t('NAVIGATION.HINT')}>
      <Breadcrumb aria-label={t('NAVIGATION.TITLE')}>
        <BreadcrumbList>
          <BreadcrumbItem>{t('NAVIGATION.HOME')}</BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>{t('NAVIGATION.STATIONS')}</BreadcrumbItem>
          <BreadcrumbSeparator />
          <BreadcrumbItem>
            <BreadcrumbPage>Harbor Road</BreadcrumbPage>
          </BreadcrumbItem>
        </BreadcrumbList>
      </Breadcrumb>
      <Separator />
      <div className="flex flex-wrap items-center gap-3">
        <Pagination page={page} pageCount={EXAMPLE_PAGES} onPageChange={setPage} />
      </div>
    </GallerySection>
  );
}

const QUESTIONS = ['1', '2', '3'] as const;

function Accordion() {
  const { t } = useTranslation(NS);
  const [open, setOpen] = useState<string | null>('1');
  return (
    <GallerySection id="accordion" title={t('ACCORDION.TITLE')} hint={t('ACCORDION.HINT')}>
      <ul className="divide-y rounded-lg border">
        {QUESTIONS.map((question) => (
          <li key={question}>
            <Collapsible
              open={open === question}
              onOpenChange={(next) => setOpen(next ? question : null)}
            >
              <CollapsibleTrigger className="flex w-full cursor-pointer items-center justify-between gap-3 px-4 py-3 text-left text-sm font-medium outline-none hover:bg-muted/50 focus-visible:ring-[3px] focus-visible:ring-ring/40 focus-visible:ring-inset">
                {t(`ACCORDION.Q${question}`)}
                <ChevronDownIcon
                  aria-hidden="true"
                  className={cn(
                    'size-4 shrink-0 text-muted-foreground transition-transform',
                    open === question && 'rotate-180',
                  )}
                />
              </CollapsibleTrigger>
              <CollapsibleContent>
                <p className="px-4 pb-3 text-sm text-muted-foreground">
                  {t(`ACCORDION.A${question}`)}
                </p>
              </CollapsibleContent>
            </Collapsible>
          </li>
        ))}
      </ul>
    </GallerySection>
  );
}

function Empty() {
  const { t } = useTranslation(NS);
  return (
    <GallerySection id="empty" title={t('EMPTY.TITLE')} hint={t('EMPTY.HINT')}>
      <EmptyState
        icon={<StoreIcon aria-hidden="true" />}
        title={t('EMPTY.HEADING')}
        description={t('EMPTY.TEXT')}
        className="py-10"
      />
    </GallerySection>
  );
}

/** /react-bootstrap: a gallery of the app's own building blocks (a template route). */
export function ReactBootstrapPage() {
  const { t } = useTranslation(NS);
  usePageMeta({ title: t('PAGES.REACT_BOOTSTRAP') });
  return (
    <div className="@container grid gap-5" data-testid="gallery-bootstrap">
      <GalleryIntro text={t('INTRO_BOOTSTRAP')} />
      <Cards />
      <OverlaysDemo />
      <Tables />
      <div className="grid gap-5 @4xl:grid-cols-2">
        <Navigation />
        <Accordion />
      </div>
      <Empty />
    </div>
  );
}
