import * as z from 'zod/mini';
import {
  CUSTOMER_STATUSES,
  CUSTOMER_TYPES,
  demoDateSchema,
  GENDERS,
  type CustomerFields,
} from '../../schemas';
import type { ShopFieldConfig } from '../form-controls';
import {
  choicesOf,
  CUSTOMER_STATUS_LABELS,
  CUSTOMER_TYPE_LABELS,
  demoDateToIso,
  GENDER_LABELS,
  isoToDemoDate,
} from '../labels';
import { boundedText, codedNumber, message, requiredText } from '../validation';

/** The customer form: what is typed, checked and turned into the fields the endpoint takes. */
export const customerFormSchema = z.object({
  firstName: boundedText('FIRST_NAME_REQUIRED'),
  lastName: boundedText('LAST_NAME_REQUIRED'),
  email: z.pipe(
    requiredText('EMAIL_REQUIRED'),
    z.email({ error: 'AUTH.VALIDATION.WRONG_EMAIL_FORMAT' }),
  ),
  userName: requiredText('USERNAME_REQUIRED'),
  gender: z.enum(GENDERS),
  status: codedNumber(CUSTOMER_STATUSES),
  type: codedNumber(CUSTOMER_TYPES),
  /** YYYY-MM-DD from the date box; the endpoint keeps MM/DD/YYYY. */
  dateOfBbirth: z.pipe(
    z.pipe(requiredText('DATE_OF_BIRTH_REQUIRED'), z.transform(isoToDemoDate)),
    demoDateSchema,
  ),
  ipAddress: z.pipe(
    requiredText('IP_ADDRESS_REQUIRED'),
    z.ipv4({ error: message('IP_ADDRESS_INVALID') }),
  ),
}) satisfies z.ZodMiniType<CustomerFields, unknown>;

export type CustomerFormInput = z.input<typeof customerFormSchema>;

export function customerFormValues(customer: CustomerFields): CustomerFormInput {
  return {
    firstName: customer.firstName,
    lastName: customer.lastName,
    email: customer.email,
    userName: customer.userName,
    gender: customer.gender,
    status: String(customer.status),
    type: String(customer.type),
    dateOfBbirth: demoDateToIso(customer.dateOfBbirth),
    ipAddress: customer.ipAddress,
  };
}

/** The customer dialog's fields, in order. */
export const CUSTOMER_FIELDS: readonly ShopFieldConfig<CustomerFormInput>[] = [
  { name: 'firstName', label: 'CUSTOMERS.FIRST_NAME' },
  { name: 'lastName', label: 'CUSTOMERS.LAST_NAME' },
  { name: 'userName', label: 'CUSTOMERS.USERNAME' },
  { name: 'email', label: 'CUSTOMERS.EMAIL', kind: 'email' },
  { name: 'dateOfBbirth', label: 'CUSTOMERS.DATE_OF_BIRTH', kind: 'date' },
  { name: 'ipAddress', label: 'CUSTOMERS.IP_ADDRESS' },
  {
    name: 'gender',
    label: 'CUSTOMERS.GENDER',
    kind: 'select',
    choices: choicesOf(GENDERS, GENDER_LABELS),
  },
  {
    name: 'type',
    label: 'CUSTOMERS.TYPE',
    kind: 'select',
    choices: choicesOf(CUSTOMER_TYPES, CUSTOMER_TYPE_LABELS),
  },
  {
    name: 'status',
    label: 'CUSTOMERS.STATUS',
    kind: 'select',
    choices: choicesOf(CUSTOMER_STATUSES, CUSTOMER_STATUS_LABELS),
  },
];
