export const invitationKeys = {
  byToken: (token: string) => ['invitation', token] as const,
};
