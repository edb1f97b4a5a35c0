import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import type { Listed } from '@/lib/api/listed';
import type { UploadProgress } from '@/lib/api/transports';
import { useApi } from '@/lib/services';
import { offerFormData, offerUploadSchema, type OfferUpload } from '../schemas';
import { offerKeys, offerListSchema } from './get-offers';

export interface UploadOffersInput {
  upload: OfferUpload;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /api/admin/offers, multipart first_image, second_image, third_image: each image sent
 * replaces its slot, the others stay. The offers as they now are when the reply lists them;
 * undefined when it does not, and the list is read again.
 */
export async function uploadOffers(
  api: ApiClient,
  { upload, onProgress }: UploadOffersInput,
): Promise<Listed<Offer> | undefined> {
  const reply = await api.upload({
    path: '/admin/offers',
    body: offerFormData(offerUploadSchema.parse(upload)),
    payload: offerListSchema,
    onProgress,
  });
  return reply.payload;
}

export function useUploadOffers() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UploadOffersInput) => uploadOffers(api, input),
    onSuccess: (offers) =>
      offers
        ? queryClient.setQueryData(offerKeys.list(), offers)
        : queryClient.invalidateQueries({ queryKey: offerKeys.all }),
    onError: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
