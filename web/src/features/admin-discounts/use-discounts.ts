import {
  type CreateDiscountBody,
  createDiscount,
  type Discount,
  type DiscountsQuery,
  deleteDiscount,
  getDiscount,
  listDiscounts,
  type UpdateDiscountBody,
  updateDiscount,
} from '@multimfa/api-contract';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { discountKeys } from './admin-discounts.keys';

export const DISCOUNT_FETCH_FAILED_MESSAGE = 'Unable to fetch discount details';
export const DISCOUNT_UPDATED_MESSAGE = 'Discount updated successfully';
export const DISCOUNT_DELETED_MESSAGE = 'Discount deleted successfully';

export const discountsQuery = (filter: DiscountsQuery) =>
  queryOptions<Discount[]>({
    queryKey: discountKeys.list(filter),
    queryFn: ({ signal }) => api.data(listDiscounts, { query: filter, signal }),
    meta: { errorToast: 'Unable to fetch discounts' },
  });

export const useDiscounts = (filter: DiscountsQuery) => useQuery(discountsQuery(filter));

/**
 * GET /api/admin/discounts/{id}: what the edit form starts from, read afresh. A failure shows
 * DISCOUNT_FETCH_FAILED_MESSAGE (admin-area section 8), which the caller toasts.
 */
export function useDiscount(id: string) {
  return useQuery<Discount>({
    queryKey: discountKeys.one(id),
    queryFn: ({ signal }) => api.data(getDiscount, { params: { discountId: id }, signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

function useDiscountChange<V, R>(
  call: (variables: V) => Promise<R>,
  success: (result: R) => string,
  failure: string,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (result) => {
      notify.success(success(result));
      await queryClient.invalidateQueries({ queryKey: discountKeys.all });
    },
    meta: { errorToast: failure },
  });
}

export const useCreateDiscount = () =>
  useDiscountChange(
    (body: CreateDiscountBody) => api.call(createDiscount, { body }),
    (answer) => answer.message,
    'Unable to create the discount',
  );

export const useUpdateDiscount = () =>
  useDiscountChange(
    ({ id, body }: { id: string; body: UpdateDiscountBody }) =>
      api.data(updateDiscount, { params: { discountId: id }, body }),
    () => DISCOUNT_UPDATED_MESSAGE,
    'Unable to update the discount',
  );

export const useDeleteDiscount = () =>
  useDiscountChange(
    (id: string) => api.data(deleteDiscount, { params: { discountId: id } }),
    () => DISCOUNT_DELETED_MESSAGE,
    'Unable to delete the discount',
  );
