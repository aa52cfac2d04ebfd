import { isPersonName } from '@multimfa/api-contract';

/** Letters, digits, spaces, ' and - only: no dot, slash, colon or @, so never a link or an address. */
const TEAM_NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} '-]*$/u;

/**
 * A MultiMFA's name as an invitation may carry it (MFA names are free text up to 100 characters): only
 * when it cannot read as a link, and at most `maxLength` characters; otherwise null ("a MultiMFA team").
 */
export const invitationTeamName = (name: string | null | undefined, maxLength: number): string | null =>
  name && name.length <= maxLength && TEAM_NAME.test(name) ? name : null;

/** A person's name as an invitation may carry it: the name rule (a name stored before it is left out), at most `maxLength`. */
export const invitationPersonName = (name: string | null | undefined, maxLength: number): string | null =>
  name && name.length <= maxLength && isPersonName(name) ? name : null;
