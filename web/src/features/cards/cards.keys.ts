export const cardKeys = {
  list: (stripeCustomerId: string) => ['credit-cards', stripeCustomerId] as const,
};
