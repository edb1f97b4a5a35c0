import type { ParseKeys, TFunction } from 'i18next';

const VALUE_LABELS: Record<string, ParseKeys<'audit-log'>> = {
  regular: 'VALUES.REGULAR',
  premium: 'VALUES.PREMIUM',
  diesel: 'VALUES.DIESEL',
  renew_99: 'VALUES.RENEW_99',
  b_20: 'VALUES.B_20',
  status: 'VALUES.STATUS',
  members: 'VALUES.MEMBERS',
  title: 'VALUES.TITLE',
  description: 'VALUES.DESCRIPTION',
  name: 'VALUES.NAME',
  image: 'VALUES.IMAGE',
};

/** A recorded value's name as the admin reads it; a name the app does not know is shown as is. */
export function valueLabel(name: string, t: TFunction<'audit-log'>): string {
  const key = VALUE_LABELS[name];
  return key ? t(key) : name;
}

/** A recorded value as the admin reads it: "None" where there is none. */
export const valueText = (value: number | string | null | undefined, t: TFunction<'audit-log'>) =>
  value === null || value === undefined ? t('NONE') : String(value);
