export const invoiceKeys = {
  list: (appUserId: string) => ['invoices', appUserId] as const,
};
