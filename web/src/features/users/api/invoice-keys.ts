/** A user's invoice queries, apart from their reads: All Users drops them after a delete. */
export const invoiceKeys = {
  all: ['invoices'] as const,
  ofUser: (userId: number) => [...invoiceKeys.all, 'user', userId] as const,
};
