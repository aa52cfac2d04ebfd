export const accountKeys = {
  currentSession: ['current-session'] as const,
};
