import type { MfaType } from '../../session/session.schema';

export const planKeys = {
  list: (kind: MfaType) => ['plan', 'plans', kind] as const,
};
