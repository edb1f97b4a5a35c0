import { useEffect, useMemo, useRef, useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { ArrowLeftIcon, PlusIcon } from 'lucide-react';
import type { Report } from '@contracts/upstream/upstream';
import { DataTable } from '@/components/data-table/data-table';
import { DeleteDialog } from '@/components/delete-dialog';
import { usePageMeta } from '@/components/page-meta';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { errorLines } from '@/lib/api/api-client';
import { FIXED_PAGE_SIZE } from '@/lib/constants';
import { toast } from '@/lib/toast';
import { useInvoices } from './api/get-invoices';
import { invoiceKeys } from './api/invoice-keys';
import { invoiceColumns, type InvoiceAction, type InvoiceRow } from './components/invoice-columns';
import { InvoiceFormDialog } from './components/invoice-form-dialog';
import { InvoiceShowDialog } from './components/invoice-show-dialog';
import { UserAvatar } from './components/user-avatar';
import { userFromState, type InvoiceUser } from './schemas';

const ALL_USERS = '/all-users';

type OpenDialog = { action: 'add' } | { action: 'show' | 'edit' | 'delete'; invoice: Report };

/**
 * /view-user/:userData: the invoices of the user handed over in the navigation
 * state. Without that state (a typed or shared address) it goes back to All Users and says why.
 */
export function ViewUserPage() {
  const { t } = useTranslation('users');
  const params = useParams<{ userData: string }>();
  const state = useHistoryState<unknown>();
  const user = useMemo(() => userFromState(state, params.userData), [state, params.userData]);
  const [, navigate] = useLocation();
  const warned = useRef(false);

  usePageMeta({
    title: user ? t('INVOICES.PAGE_TITLE', { name: user.name }) : t('PAGES.VIEW_USER'),
    breadcrumbs: [
      { label: t('MENU.ALL_USERS'), href: ALL_USERS },
      { label: user?.name ?? t('PAGES.VIEW_USER') },
    ],
  });

  useEffect(() => {
    if (user || warned.current) return;
    warned.current = true;
    toast.warning(t('INVOICES.NEEDS_USER'));
    navigate(ALL_USERS, { replace: true });
  }, [user, navigate, t]);

  return user ? <UserInvoices user={user} /> : null;
}

function UserInvoices({ user }: { user: InvoiceUser }) {
  const { t } = useTranslation('users');
  const invoices = useInvoices(user.id);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);

  const rows = useMemo<InvoiceRow[] | undefined>(
    () => invoices.data?.items.map((invoice, index) => ({ ...invoice, serial: index + 1 })),
    [invoices.data],
  );
  const columns = useMemo(
    () =>
      invoiceColumns({
        t,
        onAction: (action: InvoiceAction, invoice) => setDialog({ action, invoice }),
      }),
    [t],
  );
  const close = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const current = dialog && dialog.action !== 'add' ? dialog.invoice : null;

  return (
    <div className="grid gap-5">
      <section
        aria-label={t('INVOICES.USER_CARD')}
        className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs sm:flex-row sm:items-center sm:justify-between sm:p-5"
      >
        <div className="flex min-w-0 items-center gap-4">
          <UserAvatar
            name={user.name}
            image={user.image}
            userId={user.id}
            className="size-14 text-base"
          />
          <div className="grid min-w-0 gap-0.5">
            <h2 className="truncate text-lg font-semibold">{user.name}</h2>
            <p className="flex min-w-0 flex-wrap gap-x-3 text-sm text-muted-foreground">
              {user.email ? <span className="truncate">{user.email}</span> : null}
              <span className="tabular-nums">{t('INVOICES.USER_ID', { id: user.id })}</span>
            </p>
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link href={ALL_USERS}>
              <ArrowLeftIcon aria-hidden="true" />
              {t('INVOICES.BACK')}
            </Link>
          </Button>
          <Permitted permission="invoices.write">
            <Button onClick={() => setDialog({ action: 'add' })}>
              <PlusIcon aria-hidden="true" />
              {t('INVOICES.ADD')}
            </Button>
          </Permitted>
        </div>
      </section>

      {invoices.isError ? (
        <LoadFailed
          title={t('INVOICES.LOAD_FAILED')}
          lines={errorLines(invoices.error, t)}
          onRetry={() => void invoices.refetch()}
        />
      ) : null}

      <DataTable
        label={t('INVOICES.TABLE_LABEL', { name: user.name })}
        columns={columns}
        data={rows}
        getRowId={(invoice) => String(invoice.id)}
        skipped={invoices.data?.skipped}
        isLoading={invoices.isPending}
        isFetching={invoices.isFetching}
        searchText={(invoice) => `${invoice.title} ${invoice.description} ${invoice.url ?? ''}`}
        initialPageSize={FIXED_PAGE_SIZE}
        urlState
      />

      <InvoiceFormDialog
        open={dialog?.action === 'add' || dialog?.action === 'edit'}
        onOpenChange={close}
        user={user}
        invoice={dialog?.action === 'edit' ? dialog.invoice : null}
      />
      <InvoiceShowDialog
        open={dialog?.action === 'show'}
        onOpenChange={close}
        invoice={dialog?.action === 'show' ? dialog.invoice : null}
        onEdit={(invoice) => setDialog({ action: 'edit', invoice })}
      />
      <DeleteDialog
        open={dialog?.action === 'delete'}
        onOpenChange={close}
        url={current ? `/admin/user-report/${current.id}` : ''}
        listKey={invoiceKeys.ofUser(user.id)}
        rowId={current?.id ?? null}
        deletedMessage={t('INVOICES.DELETED')}
        itemName={current?.title ?? ''}
      />
    </div>
  );
}
