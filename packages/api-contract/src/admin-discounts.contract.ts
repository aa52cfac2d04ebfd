import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

// ---- fields, with the messages the Create and Edit modals show (admin-area section 5) -----------

export const DISCOUNT_CODE_MAX = 30;
export const DISCOUNT_PAGE_SIZE = 25;

export const discountTypeSchema = z.enum(['FLAT', 'PERCENTAGE'], { error: 'Please select discount type' });
export type DiscountType = z.infer<typeof discountTypeSchema>;

export const discountCodeField = z
  .string({ error: 'Please enter code' })
  .trim()
  .min(1, 'Please enter code')
  .max(DISCOUNT_CODE_MAX, `Code should be at most ${DISCOUNT_CODE_MAX} characters`)
  .regex(/^[A-Za-z0-9_-]+$/, 'Code may hold only letters, digits, - and _');

export const discountValueField = z
  .number({ error: 'Please enter value' })
  .gt(0, 'Value should be greater than zero')
  .max(99_999_999.99, 'Value is too large')
  .multipleOf(0.01, 'Value may have at most 2 decimals');

export const maxNoUsageField = z
  .number({ error: 'Please enter max no usage' })
  .int('Max no usage should be a whole number')
  .gt(0, 'Max no usage should be greater than zero')
  .max(2_147_483_647, 'Max no usage is too large');

/** The last day the code works (UTC), as the date input gives it. */
export const expiryDateField = z
  .string({ error: 'Please select expiry date' })
  .min(1, 'Please select expiry date')
  .pipe(z.iso.date('Please select expiry date'));

export const PERCENTAGE_MAX_MESSAGE = 'Percentage should be at most 100';
export const EXPIRY_IN_PAST_MESSAGE = "Expiry date should be greater than today's date";

const discountShape = {
  code: discountCodeField,
  discountType: discountTypeSchema,
  value: discountValueField,
  maxNoUsage: maxNoUsageField,
  expiryDate: expiryDateField,
};

const percentageAtMost100 = (discount: { discountType: DiscountType; value: number }) =>
  discount.discountType !== 'PERCENTAGE' || discount.value <= 100;

export const createDiscountBody = z
  .object(discountShape)
  .refine(percentageAtMost100, { message: PERCENTAGE_MAX_MESSAGE, path: ['value'] })
  .meta({ id: 'CreateDiscountRequest' });
export type CreateDiscountBody = z.output<typeof createDiscountBody>;

export const updateDiscountBody = z
  .object({ ...discountShape, isActive: z.boolean({ error: 'Please say whether it is active' }) })
  .refine(percentageAtMost100, { message: PERCENTAGE_MAX_MESSAGE, path: ['value'] })
  .meta({ id: 'UpdateDiscountRequest' });
export type UpdateDiscountBody = z.output<typeof updateDiscountBody>;

export const discountSchema = z
  .object({
    discountId: z.uuid(),
    code: z.string(),
    discountType: discountTypeSchema,
    value: z.number(),
    maxNoUsage: z.number().int(),
    usedCount: z.number().int().describe('Completed purchases that used the code'),
    isActive: z.boolean(),
    expiryDate: z.iso.date().describe('The last day (UTC) the code works'),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: 'Discount' });
export type Discount = z.infer<typeof discountSchema>;

export const activeDiscountSchema = discountSchema
  .pick({ discountId: true, code: true, discountType: true, value: true, expiryDate: true })
  .meta({ id: 'ActiveDiscount' });
export type ActiveDiscount = z.infer<typeof activeDiscountSchema>;

/** The filters: code (part of it, any case), type (BOTH or absent: either), created from/to (days, UTC). */
export const discountsQuery = z.object({
  discountCode: z.string().trim().max(DISCOUNT_CODE_MAX).optional(),
  discountType: z.enum(['BOTH', 'FLAT', 'PERCENTAGE'], { error: 'Unknown discount type' }).optional(),
  from: z.iso.date('From must be a date').optional(),
  to: z.iso.date('To must be a date').optional(),
});
export type DiscountsQuery = z.output<typeof discountsQuery>;

export const discountParams = z.object({ discountId: z.uuid({ error: 'Discount not found' }) });

// ---- calls ------------------------------------------------------------------------------------

export const listDiscounts = endpoint({
  operationId: 'listDiscounts',
  method: 'GET',
  path: '/api/admin/discounts',
  summary: 'Discount codes, newest first, filtered by code, type and creation date',
  tag: 'admin',
  access: 'admin',
  query: discountsQuery,
  response: envelope(z.array(discountSchema)),
});

export const listActiveDiscounts = endpoint({
  operationId: 'listActiveDiscounts',
  method: 'GET',
  path: '/api/admin/discounts/active-discounts',
  summary: 'The codes a customer can use now: active, not expired, uses left',
  tag: 'admin',
  access: 'admin',
  response: envelope(z.array(activeDiscountSchema)),
});

export const createDiscount = endpoint({
  operationId: 'createDiscount',
  method: 'POST',
  path: '/api/admin/discounts',
  summary: 'Create a discount code, active (a code that exists in any case is refused with 409)',
  tag: 'admin',
  access: 'admin',
  body: createDiscountBody,
  response: envelope(discountSchema),
});

export const getDiscount = endpoint({
  operationId: 'getDiscount',
  method: 'GET',
  path: '/api/admin/discounts/:discountId',
  summary: 'One discount code (to prefill the edit form)',
  tag: 'admin',
  access: 'admin',
  params: discountParams,
  response: envelope(discountSchema),
});

export const updateDiscount = endpoint({
  operationId: 'updateDiscount',
  method: 'PATCH',
  path: '/api/admin/discounts/:discountId',
  summary: 'Change a discount code; its value cannot change (409)',
  tag: 'admin',
  access: 'admin',
  params: discountParams,
  body: updateDiscountBody,
  response: envelope(discountSchema),
});

export const deleteDiscount = endpoint({
  operationId: 'deleteDiscount',
  method: 'DELETE',
  path: '/api/admin/discounts/:discountId',
  summary: 'Delete a discount code (kept for the purchases that used it; it no longer applies)',
  tag: 'admin',
  access: 'admin',
  params: discountParams,
  response: envelope(z.null()),
});

export const adminDiscountsEndpoints = [
  listDiscounts,
  listActiveDiscounts,
  createDiscount,
  getDiscount,
  updateDiscount,
  deleteDiscount,
] as const;
