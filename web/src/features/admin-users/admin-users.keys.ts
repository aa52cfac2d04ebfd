const all = ['admin', 'users'] as const;

/** The User Report's query keys; a change updates or invalidates `all`. */
export const userKeys = {
  all,
  list: (range: { from?: string; to?: string }) => [...all, range.from ?? '', range.to ?? ''] as const,
};
