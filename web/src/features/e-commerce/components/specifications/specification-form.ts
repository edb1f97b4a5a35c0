import * as z from 'zod/mini';
import { SPEC_IDS, type SpecificationFields } from '../../schemas';
import { codedNumber, requiredText } from '../validation';

export const specificationFormSchema = z.object({
  specId: codedNumber(SPEC_IDS),
  value: z.pipe(
    requiredText('SPEC_VALUE_REQUIRED'),
    z.string().check(z.maxLength(50, { error: 'AUTH.VALIDATION.MAX_SYMBOLS' })),
  ),
}) satisfies z.ZodMiniType<Omit<SpecificationFields, 'carId'>, unknown>;

export type SpecificationFormInput = z.input<typeof specificationFormSchema>;

export function specificationFormValues(
  specification: Omit<SpecificationFields, 'carId'>,
): SpecificationFormInput {
  return { specId: String(specification.specId), value: specification.value };
}
