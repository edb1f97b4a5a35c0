import * as z from 'zod/mini';
import { SPEC_IDS, type SpecificationFields } from '../../schemas';
import type { ShopFieldConfig } from '../form-controls';
import { choicesOf, SPECIFICATION_LABELS } from '../labels';
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

export const SPECIFICATION_FIELDS: readonly ShopFieldConfig<SpecificationFormInput>[] = [
  {
    name: 'specId',
    label: 'SPECIFICATIONS.NAME',
    kind: 'select',
    choices: choicesOf(SPEC_IDS, SPECIFICATION_LABELS),
  },
  { name: 'value', label: 'SPECIFICATIONS.VALUE' },
];
