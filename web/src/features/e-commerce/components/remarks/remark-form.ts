import * as z from 'zod/mini';
import { demoDateSchema, REMARK_TYPES, type RemarkFields } from '../../schemas';
import { demoDateToIso, isoToDemoDate } from '../labels';
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
