import { useTranslation } from 'react-i18next';
import { MegaphoneIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import type { Announcement } from '@contracts/upstream/upstream';
import { FileElsewhere } from '@/components/file-elsewhere';
import { Permitted } from '@/components/permitted';
import { Button } from '@/components/ui/button';
import { elsewhereFile, ownFile } from '@/lib/api/own-file';
import { AnnouncementForm } from './announcement-form';

export interface AnnouncementCardProps {
  announcement: Announcement;
  editing: boolean;
  onEdit: () => void;
  onEditDone: () => void;
  onDelete: () => void;
}

/** One announcement: image, title, description, and its Edit and Delete (once each). */
export function AnnouncementCard({
  announcement,
  editing,
  onEdit,
  onEditDone,
  onDelete,
}: AnnouncementCardProps) {
  const { t } = useTranslation('announcements');
  const imageUrl = announcement.image?.original_url;
  const own = ownFile(imageUrl);
  const elsewhere = elsewhereFile(imageUrl);
  const headingId = `announcement-${announcement.id}`;

  return (
    <article
      aria-labelledby={headingId}
      data-testid="announcement-card"
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-xs"
    >
      {editing ? (
        <div className="grid gap-4 p-5">
          <h3 id={headingId} className="font-semibold">
            {t('EDIT_TITLE')}
          </h3>
          <AnnouncementForm
            editing={{
              id: announcement.id,
              title: announcement.title,
              description: announcement.description,
              imageUrl,
            }}
            onDone={onEditDone}
            onCancel={onEditDone}
          />
        </div>
      ) : (
        <>
          <div className="relative grid aspect-[2/1] place-content-center overflow-hidden border-b bg-muted text-muted-foreground">
            {elsewhere ? (
              <FileElsewhere url={elsewhere} />
            ) : own ? (
              <img
                src={own}
                alt=""
                loading="lazy"
                decoding="async"
                className="absolute inset-0 size-full object-cover"
              />
            ) : (
              <MegaphoneIcon aria-hidden="true" className="size-8 opacity-60" />
            )}
          </div>
          <div className="flex flex-1 flex-col gap-2 p-5">
            <h3 id={headingId} className="leading-snug font-semibold">
              {announcement.title}
            </h3>
            <p className="text-sm whitespace-pre-line text-muted-foreground">
              {announcement.description}
            </p>
          </div>
          <div className="flex items-center justify-end gap-2 border-t px-5 py-3">
            <Permitted permission="announcements.write">
              <Button size="sm" variant="outline" onClick={onEdit}>
                <PencilIcon aria-hidden="true" />
                {t('COMMON.EDIT')}
              </Button>
            </Permitted>
            <Permitted permission="announcements.write">
              <Button
                size="sm"
                variant="ghost"
                className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                onClick={onDelete}
              >
                <Trash2Icon aria-hidden="true" />
                {t('COMMON.DELETE')}
              </Button>
            </Permitted>
          </div>
        </>
      )}
    </article>
  );
}
