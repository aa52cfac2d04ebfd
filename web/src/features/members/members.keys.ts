export const mfaDetailKeys = {
  detail: (multiMFAId: string) => ['mfa-details', multiMFAId] as const,
};
