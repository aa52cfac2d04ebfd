export const destinationKeys = {
  list: (multiMFAId: string) => ['mfa-destinations', multiMFAId] as const,
  routing: (multiMFAId: string) => ['mfa-routing', multiMFAId] as const,
  held: (multiMFAId: string) => ['mfa-held', multiMFAId] as const,
};
