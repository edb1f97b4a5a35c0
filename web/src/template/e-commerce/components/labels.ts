import type { ParseKeys } from 'i18next';
import type { badgeVariants } from '@/components/ui/badge';
import type { VariantProps } from 'class-variance-authority';
import type {
  CustomerStatus,
  CustomerType,
  DemoUser,
  ProductCondition,
  ProductStatus,
  RemarkType,
  SpecId,
} from '../schemas';

type BadgeVariant = NonNullable<VariantProps<typeof badgeVariants>['variant']>;
type Key = ParseKeys<'e-commerce'>;

/** One choice of a select: the value it sets, and its label as a translation key. */
export interface Choice<V extends number | string = number | string> {
  value: V;
  label: Key;
}
/** A coded field's choices, in the order of its values. */
export const choicesOf = <V extends number | string>(
  values: readonly V[],
  labels: Readonly<Record<V, Key>>,
): Choice<V>[] => values.map((value) => ({ value, label: labels[value] }));

/** The template's titles for each coded value, as translation keys. */

/** The customer status filters Active and Suspended (and Pending, code 2). */
export const CUSTOMER_STATUS_LABELS: Record<CustomerStatus, Key> = {
  0: 'ECOMMERCE.CUSTOMERS.STATUS_SUSPENDED',
  1: 'ECOMMERCE.CUSTOMERS.STATUS_ACTIVE',
  2: 'CUSTOMERS.STATUS_PENDING',
};
export const CUSTOMER_STATUS_VARIANTS: Record<CustomerStatus, BadgeVariant> = {
  0: 'destructive',
  1: 'success',
  2: 'warning',
};

/** The customer types Business and Individual. */
export const CUSTOMER_TYPE_LABELS: Record<CustomerType, Key> = {
  0: 'ECOMMERCE.CUSTOMERS.TYPE_BUSINESS',
  1: 'ECOMMERCE.CUSTOMERS.TYPE_INDIVIDUAL',
};

export const GENDER_LABELS: Record<'Female' | 'Male', Key> = {
  Female: 'CUSTOMERS.GENDER_FEMALE',
  Male: 'CUSTOMERS.GENDER_MALE',
};

export const PRODUCT_STATUS_LABELS: Record<ProductStatus, Key> = {
  0: 'PRODUCTS.STATUS_SELLING',
  1: 'PRODUCTS.STATUS_SOLD',
};
export const PRODUCT_STATUS_VARIANTS: Record<ProductStatus, BadgeVariant> = {
  0: 'success',
  1: 'secondary',
};

export const PRODUCT_CONDITION_LABELS: Record<ProductCondition, Key> = {
  0: 'PRODUCTS.CONDITION_NEW',
  1: 'PRODUCTS.CONDITION_USED',
};

export const REMARK_TYPE_LABELS: Record<RemarkType, Key> = {
  0: 'REMARKS.TYPE_INFO',
  1: 'REMARKS.TYPE_NOTE',
  2: 'REMARKS.TYPE_REMINDER',
};
export const REMARK_TYPE_VARIANTS: Record<RemarkType, BadgeVariant> = {
  0: 'secondary',
  1: 'default',
  2: 'warning',
};

/** The names of specIds 0 to 9 (Seats, Fuel Type, … Wheels), translated. */
export const SPECIFICATION_LABELS: Record<SpecId, Key> = {
  0: 'SPECIFICATIONS.NAMES.SEATS',
  1: 'SPECIFICATIONS.NAMES.FUEL_TYPE',
  2: 'SPECIFICATIONS.NAMES.STOCK',
  3: 'SPECIFICATIONS.NAMES.DOOR_COUNT',
  4: 'SPECIFICATIONS.NAMES.ENGINE',
  5: 'SPECIFICATIONS.NAMES.TRANSMISSION',
  6: 'SPECIFICATIONS.NAMES.DRIVETRAIN',
  7: 'SPECIFICATIONS.NAMES.COMBINED_MPG',
  8: 'SPECIFICATIONS.NAMES.WARRANTY',
  9: 'SPECIFICATIONS.NAMES.WHEELS',
};

/** The demo roles: 1 admin, 2 user, 3 guest. */
export function demoRoleLabel(user: Pick<DemoUser, 'roles'>): Key {
  const role = user.roles[0];
  return role === 1 ? 'DEMO.ROLE_ADMIN' : role === 2 ? 'DEMO.ROLE_USER' : 'DEMO.ROLE_GUEST';
}

const money = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

export const formatPrice = (price: number) => money.format(price);

/** MM/DD/YYYY (the demo records) ⇄ YYYY-MM-DD (a date input). */
export function demoDateToIso(date: string): string {
  const [month, day, year] = date.split('/');
  return month && day && year ? `${year}-${month}-${day}` : '';
}
export function isoToDemoDate(iso: string): string {
  const [year, month, day] = iso.split('-');
  return year && month && day ? `${month}/${day}/${year}` : '';
}

/** "Jan 1, 2019" for a MM/DD/YYYY date, read as a calendar day (no time zone shift). */
export function formatDemoDate(date: string): string {
  const [month, day, year] = date.split('/').map(Number);
  if (!month || !day || !year) return date;
  return new Intl.DateTimeFormat('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(Date.UTC(year, month - 1, day));
}
