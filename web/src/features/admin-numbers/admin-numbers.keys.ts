const all = ['admin', 'twilio-numbers'] as const;

/** The number pool's query keys; a change invalidates `all`. */
export const poolKeys = {
  all,
  numbers: (search: string) => [...all, search] as const,
  /** Under the pool's key, so adding a number reads it again (the MFA may have taken it). */
  waiting: [...all, 'waiting'] as const,
};
