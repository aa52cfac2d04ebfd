export const roboMfaKeys = {
  detail: (mfaId: string) => ['robo-mfa', mfaId] as const,
  messages: (mfaId: string) => ['robo-mfa', mfaId, 'messages'] as const,
  botLimits: ['robo-mfa-bot-limits'] as const,
};
