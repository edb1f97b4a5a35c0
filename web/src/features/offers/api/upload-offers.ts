import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Offer } from '@contracts/upstream';
import type { ApiClient, UploadProgress } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { offerFormData, offerUploadSchema, type OfferUpload } from '../schemas';
import { offerKeys, offerListSchema } from './get-offers';

export interface UploadOffersInput {
  upload: OfferUpload;
  onProgress?: (progress: UploadProgress) => void;
}

/**
 * POST /api/admin/offers, multipart first_image, second_image, third_image: each image sent
 * replaces its slot, the others stay. The reply is the three slots as they now are.
 */
export async function uploadOffers(
  api: ApiClient,
  { upload, onProgress }: UploadOffersInput,
): Promise<Offer[]> {
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
    onSuccess: (offers) => queryClient.setQueryData(offerKeys.list(), offers),
    onError: () => queryClient.invalidateQueries({ queryKey: offerKeys.all }),
  });
}
