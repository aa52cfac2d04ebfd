import {
  addTwilioNumber,
  deleteTwilioNumber,
  listTwilioNumbers,
  listWaitingMfas,
  type TwilioNumber,
  type TwilioNumberBody,
  updateTwilioNumber,
  type WaitingMfa,
} from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { poolKeys } from './admin-numbers.keys';

export const NUMBERS_FETCH_FAILED_MESSAGE = 'Unable to fetch numbers';
export const NUMBER_ADDED_MESSAGE = 'Number added successfully';
export const NUMBER_UPDATED_MESSAGE = 'Number updated successfully';
export const NUMBER_DELETED_MESSAGE = 'Number deleted successfully';

/** GET /api/admin/twilio-numbers, filtered on the server by the searched digits (substring). */
export function usePoolNumbers(search: string) {
  return useQuery<TwilioNumber[]>({
    queryKey: poolKeys.numbers(search),
    queryFn: ({ signal }) =>
      api.data(listTwilioNumbers, { query: search ? { mobileNo: search } : {}, signal }),
    meta: { errorToast: NUMBERS_FETCH_FAILED_MESSAGE },
  });
}

export const WAITING_FETCH_FAILED_MESSAGE = 'Unable to fetch the MFAs waiting for a number';

/**
 * GET /api/admin/twilio-numbers/waiting: MFAs bought while no number of their country was free,
 * longest first.
 */
export function useWaitingMfas() {
  return useQuery<WaitingMfa[]>({
    queryKey: poolKeys.waiting,
    queryFn: ({ signal }) => api.data(listWaitingMfas, { signal }),
    meta: { errorToast: WAITING_FETCH_FAILED_MESSAGE },
  });
}

/** After any change the list is read again: the server decides what the pool now holds. */
function usePoolChange<V>(call: (variables: V) => Promise<unknown>, success: string, failure: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async () => {
      notify.success(success);
      await queryClient.invalidateQueries({ queryKey: poolKeys.all });
    },
    meta: { errorToast: failure },
  });
}

export const useAddNumber = () =>
  usePoolChange(
    (body: TwilioNumberBody) => api.data(addTwilioNumber, { body }),
    NUMBER_ADDED_MESSAGE,
    'Unable to add the number',
  );

export const useUpdateNumber = () =>
  usePoolChange(
    ({ id, body }: { id: number; body: TwilioNumberBody }) =>
      api.data(updateTwilioNumber, { params: { twillioNoId: id }, body }),
    NUMBER_UPDATED_MESSAGE,
    'Unable to update the number',
  );

export const useDeleteNumber = () =>
  usePoolChange(
    (id: number) => api.data(deleteTwilioNumber, { params: { twillioNoId: id } }),
    NUMBER_DELETED_MESSAGE,
    'Unable to delete the number',
  );
