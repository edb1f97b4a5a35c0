import { useState } from 'react';
import { LoadFailed } from '@/components/load-failed';
import { SkippedNotice } from '@/components/skipped-notice';
import { useTranslation } from 'react-i18next';
import { MegaphoneIcon } from 'lucide-react';
import { DeleteDialog } from '@/components/delete-dialog';
import { EmptyState } from '@/components/empty-state';
import { usePageMeta } from '@/components/page-meta';
import { Skeleton } from '@/components/ui/skeleton';
import { Spinner } from '@/components/ui/spinner';
import { errorLines } from '@/lib/api/api-client';
import { announcementKeys, useAnnouncements } from './api/get-announcements';
import { AnnouncementCard } from './components/announcement-card';
import { AnnouncementForm } from './components/announcement-form';

/**
 * /notificationsalerts: the announcements as cards, each edited in place or
 * deleted, and the Add Announcement form.
 */
export function AnnouncementsPage() {
  const { t } = useTranslation('announcements');
  usePageMeta({ title: t('MENU.ANNOUNCEMENT') });
  const announcements = useAnnouncements();
  const [editingId, setEditingId] = useState<number | null>(null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  const list = announcements.data?.items;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,360px)_minmax(0,1fr)]">
      <section
        aria-labelledby="add-announcement"
        className="rounded-xl border bg-card p-5 shadow-xs lg:sticky lg:top-20"
      >
        <div className="mb-4 grid gap-1">
          <h2 id="add-announcement" className="font-semibold">
            {t('ADD_TITLE')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('ADD_INTRO')}</p>
        </div>
        <AnnouncementForm />
      </section>

      <section aria-labelledby="announcement-list" className="grid gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="announcement-list" className="font-semibold">
            {t('LIST_TITLE')}
            {list ? (
              <span className="ml-2 text-sm font-normal text-muted-foreground tabular-nums">
                {list.length}
              </span>
            ) : null}
          </h2>
          {announcements.isFetching && list ? (
            <span
              role="status"
              className="inline-flex items-center gap-1.5 text-xs text-muted-foreground"
            >
              <Spinner className="size-3.5" />
              {t('TABLE.LOADING')}
            </span>
          ) : null}
        </div>

        {announcements.isError ? (
          <LoadFailed
            title={t('LOAD_FAILED')}
            lines={errorLines(announcements.error, t)}
            onRetry={() => void announcements.refetch()}
          />
        ) : null}

        <SkippedNotice count={announcements.data?.skipped} />

        {announcements.isPending ? (
          <div
            role="status"
            aria-label={t('TABLE.PLEASE_WAIT')}
            className="grid gap-4 xl:grid-cols-2"
          >
            {[0, 1, 2, 3].map((key) => (
              <div key={key} className="overflow-hidden rounded-xl border bg-card">
                <Skeleton className="aspect-[2/1] rounded-none" />
                <div className="grid gap-2 p-5">
                  <Skeleton className="h-4 w-2/3" />
                  <Skeleton className="h-3 w-full" />
                  <Skeleton className="h-3 w-4/5" />
                </div>
              </div>
            ))}
          </div>
        ) : list && list.length === 0 ? (
          <EmptyState
            icon={<MegaphoneIcon aria-hidden="true" />}
            title={t('EMPTY_TITLE')}
            description={t('EMPTY_TEXT')}
          />
        ) : (
          <div className="grid gap-4 xl:grid-cols-2">
            {list?.map((announcement) => (
              <AnnouncementCard
                key={announcement.id}
                announcement={announcement}
                editing={editingId === announcement.id}
                onEdit={() => setEditingId(announcement.id)}
                onEditDone={() => setEditingId(null)}
                onDelete={() => setDeletingId(announcement.id)}
              />
            ))}
          </div>
        )}
      </section>

      <DeleteDialog
        open={deletingId !== null}
        onOpenChange={(open) => {
          if (!open) setDeletingId(null);
        }}
        url={`/admin/notifications/${deletingId ?? ''}`}
        listKey={announcementKeys.list()}
        rowId={deletingId}
        deletedMessage={t('DELETED')}
        itemName={list?.find((item) => item.id === deletingId)?.title ?? ''}
      />
    </div>
  );
}
