import {
  type ActiveDiscount,
  listActiveDiscounts,
  listProspects,
  type ProspectView,
  type SaveDiscountMailsBody,
  saveDiscountMails,
} from '@multimfa/api-contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { discountMailingKeys } from './discount-mailing.keys';

/** GET /api/admin/discounts/active-discounts: the codes the dropdown offers. */
export const useActiveDiscounts = () =>
  useQuery<ActiveDiscount[]>({
    queryKey: discountMailingKeys.activeDiscounts,
    queryFn: ({ signal }) => api.data(listActiveDiscounts, { signal }),
    meta: { errorToast: 'Unable to fetch discounts' },
  });

/** GET /api/admin/discounts/users-prospects: the confirmed waitlist addresses. */
export const useProspects = () =>
  useQuery<ProspectView[]>({
    queryKey: discountMailingKeys.prospects,
    queryFn: ({ signal }) => api.data(listProspects, { signal }),
    meta: { errorToast: 'Unable to fetch prospects' },
  });

/** POST /api/admin/discounts/save-discount-mails: the selection, which messaging then e-mails. */
export const useSaveDiscountMails = () =>
  useMutation({ mutationFn: (body: SaveDiscountMailsBody) => api.call(saveDiscountMails, { body }) });
