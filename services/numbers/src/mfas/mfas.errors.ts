import { DomainError, NotFoundError } from '@multimfa/service-runtime';

/** One code and status per refusal of the MFAs, wherever it is found. */
export const mfaNotFound = () => new NotFoundError('MFA not found', 'MFA_NOT_FOUND');

export const roboMfaNotFound = () => new NotFoundError('RoboMFA not found', 'ROBO_MFA_NOT_FOUND');

export const unknownCountry = (countryId: number) =>
  new DomainError('UNKNOWN_COUNTRY', `There is no country ${countryId} to buy a number in`, 400);

export const draftMissing = () =>
  new DomainError('DRAFT_MISSING', 'A purchase that creates an MFA must say its name and country', 400);

export const upgradeOfRoboMfa = () =>
  new DomainError('UPGRADE_NOT_MULTIMFA', 'Only a MultiMFA can change its plan', 400);

export const mfaExists = (mfaId: string) =>
  new DomainError('MFA_EXISTS', `The MFA ${mfaId} was already created by another purchase`, 409);
