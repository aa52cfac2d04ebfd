export const roboMfaKeys = {
  detail: (mfaId: string) => ['robo-mfa', mfaId] as const,
};
