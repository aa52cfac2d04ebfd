import { INVOICE_PAID_MESSAGE, type InvoiceEntry, listInvoices, payInvoice } from '@multimfa/api-contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/api-client';
import { notify } from '../../notify/notify';
import { invoiceKeys } from './invoices.keys';

/** GET /api/invoice/{appUserId}: the user's invoices, newest first. */
export function useInvoices(appUserId: string) {
  return useQuery<InvoiceEntry[]>({
    queryKey: invoiceKeys.list(appUserId),
    queryFn: ({ signal }) => api.data(listInvoices, { params: { appUserId }, signal }),
    enabled: appUserId !== '',
    retry: false,
  });
}

/** POST /api/invoice: pays with a saved card; the whole list is replaced with the answer. */
export function usePayInvoice(appUserId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { invoiceId: string; stripeCardId: string }) => api.data(payInvoice, { body }),
    onSuccess: (invoices) => {
      queryClient.setQueryData(invoiceKeys.list(appUserId), invoices);
      notify.success(INVOICE_PAID_MESSAGE);
    },
  });
}
