import type { MfaType } from '../../session/session.schema';

const lists = ['mfas'] as const;

/** The caller's MFAs: a purchase or a change invalidates `lists`. */
export const mfaKeys = {
  lists,
  list: (kind: MfaType) => [...lists, kind] as const,
  usage: (mfaId: string) => ['mfa-usage', mfaId] as const,
};
