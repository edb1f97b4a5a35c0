import { z } from 'zod';
import { SPEC_IDS, type SpecificationFields } from '../../schemas';
import { codedNumber, requiredText } from '../validation';

export const specificationFormSchema = z.object({
  specId: codedNumber(SPEC_IDS),
  value: requiredText('SPEC_VALUE_REQUIRED').pipe(
    z.string().max(50, { error: 'AUTH.VALIDATION.MAX_SYMBOLS' }),
  ),
}) satisfies z.ZodType<Omit<SpecificationFields, 'carId'>, unknown>;

export type SpecificationFormInput = z.input<typeof specificationFormSchema>;

export function specificationFormValues(
  specification: Omit<SpecificationFields, 'carId'>,
): SpecificationFormInput {
  return { specId: String(specification.specId), value: specification.value };
}
