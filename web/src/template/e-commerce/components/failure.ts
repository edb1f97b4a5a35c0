import type { TFunction } from 'i18next';
import { isShopError } from '../api/shop-client';

/**
 * What to tell the user when a demo call fails. The mock replies 400 when an id
 * is not found, so that is 'The requested {name} is not found'.
 */
export function failureLines(
  error: unknown,
  t: TFunction<'e-commerce'>,
  record?: string,
): string[] {
  if (isShopError(error) && error.status === 400 && record) {
    return [t('AUTH.VALIDATION.NOT_FOUND', { name: record })];
  }
  if (isShopError(error) && error.status === 401) return [t('SHOP.SESSION_ENDED')];
  return [t('SHOP.FAILED')];
}
