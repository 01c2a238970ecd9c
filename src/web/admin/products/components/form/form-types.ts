import type { UseFormReturnType } from '@mantine/form';
import type { ProductFormValues } from '../../product-form-values';

/** The product form as its tabs receive it. */
export type ProductForm = UseFormReturnType<ProductFormValues>;

/** Inputs of prices and weights: digits and one point (spec 2 §5). */
export const DECIMAL_INPUT = { inputMode: 'decimal', autoComplete: 'off' } as const;
/** Inputs of quantities and days: digits only (spec 2 §5). */
export const WHOLE_INPUT = { inputMode: 'numeric', autoComplete: 'off' } as const;
