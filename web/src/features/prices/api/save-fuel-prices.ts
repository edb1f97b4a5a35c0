import { useMutation, useQueryClient } from '@tanstack/react-query';
import { fuelPriceSchema, type FuelPrice } from '@contracts/upstream/upstream';
import type { ApiClient } from '@/lib/api/api-client';
import { useApi } from '@/lib/services';
import { pricesFormData, saveRequestSchema, type SaveRequest } from '../schemas';
import { priceKeys } from './keys';

export interface SaveFuelPricesInput extends SaveRequest {
  groupId: number;
}

/**
 * POST /api/admin/group/{groupId}/fuel-prices, multipart; saving the same group, type and day
 * again replaces them. The stored record when the reply echoes it; undefined when it does not,
 * and the caller reads the day again.
 */
export async function saveFuelPrices(
  api: ApiClient,
  { groupId, ...request }: SaveFuelPricesInput,
): Promise<FuelPrice | undefined> {
  const reply = await api.write({
    method: 'POST',
    path: `/admin/group/${groupId}/fuel-prices`,
    body: pricesFormData(saveRequestSchema.parse(request)),
    payload: fuelPriceSchema,
  });
  return reply.payload;
}

export function useSaveFuelPrices() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SaveFuelPricesInput) => saveFuelPrices(api, input),
    onSuccess: (saved, input) => {
      const key = priceKeys.saved(input.groupId, input.fuel_price_type_id, input.date);
      return saved
        ? queryClient.setQueryData(key, saved)
        : queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
