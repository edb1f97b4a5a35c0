import { useMutation, useQueryClient } from '@tanstack/react-query';
import { announcementSchema, type Announcement } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import type { UploadProgress } from '@/lib/api/transports';
import { useApi } from '@/lib/services';
import {
  announcementFormData,
  announcementFormSchema,
  type AnnouncementFormValues,
} from '../schemas';
import { announcementKeys } from './get-announcements';

export interface SaveAnnouncementInput {
  /** Absent: a new announcement; present: the one edited. */
  id?: number;
  values: AnnouncementFormValues;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /api/admin/notifications (multipart title, description, image), or for an edit
 * POST /api/admin/notifications/{id}?_method=PUT with the same body (Laravel's method spoofing).
 */
export async function saveAnnouncement(
  api: ApiClient,
  { id, values, onProgress }: SaveAnnouncementInput,
): Promise<Announcement | undefined> {
  const body = announcementFormData(announcementFormSchema.parse(values));
  const reply = await api.upload({
    path: id === undefined ? '/admin/notifications' : `/admin/notifications/${id}`,
    query: id === undefined ? undefined : { _method: 'PUT' },
    body,
    payload: announcementSchema,
    onProgress,
  });
  return reply.payload;
}

export function useSaveAnnouncement() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveAnnouncementInput) => saveAnnouncement(api, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: announcementKeys.all }),
  });
}
