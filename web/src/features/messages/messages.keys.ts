export const messageKeys = {
  recent: (multiMFAId: string) => ['mfa-messages', multiMFAId] as const,
};
