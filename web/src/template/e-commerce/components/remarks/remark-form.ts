import * as z from 'zod/mini';
import { demoDateSchema, REMARK_TYPES, type RemarkFields } from '../../schemas';
import type { ShopFieldConfig } from '../form-controls';
import { choicesOf, demoDateToIso, isoToDemoDate, REMARK_TYPE_LABELS } from '../labels';
import { codedNumber, requiredText } from '../validation';

export const remarkFormSchema = z.object({
  text: requiredText('REMARK_TEXT_REQUIRED'),
  type: codedNumber(REMARK_TYPES),
  dueDate: z.pipe(
    z.pipe(requiredText('DUE_DATE_REQUIRED'), z.transform(isoToDemoDate)),
    demoDateSchema,
  ),
}) satisfies z.ZodMiniType<Omit<RemarkFields, 'carId'>, unknown>;

export type RemarkFormInput = z.input<typeof remarkFormSchema>;

export function remarkFormValues(remark: Omit<RemarkFields, 'carId'>): RemarkFormInput {
  return { text: remark.text, type: String(remark.type), dueDate: demoDateToIso(remark.dueDate) };
}

export const REMARK_FIELDS: readonly ShopFieldConfig<RemarkFormInput>[] = [
  { name: 'text', label: 'REMARKS.TEXT', kind: 'long-text', className: 'sm:col-span-2' },
  {
    name: 'type',
    label: 'REMARKS.TYPE',
    kind: 'select',
    choices: choicesOf(REMARK_TYPES, REMARK_TYPE_LABELS),
  },
  { name: 'dueDate', label: 'REMARKS.DUE_DATE', kind: 'date' },
];
