import { DomainError, NotFoundError } from '@multimfa/service-runtime';

/** One code and status per refusal of the pool, wherever it is found. */
export const invalidNumber = (mobileNo: string) =>
  new DomainError('INVALID_NUMBER', `${mobileNo} is not a valid phone number of any country`, 400);

export const numberExists = (mobileNo: string) =>
  new DomainError('NUMBER_EXISTS', `The number ${mobileNo} is already in the pool`, 409);

export const sidExists = (sid: string) =>
  new DomainError('SID_EXISTS', `A number with the SID ${sid} is already in the pool`, 409);

export const numberNotFound = () => new NotFoundError('Number not found', 'NUMBER_NOT_FOUND');

export const numberOccupied = (action: 'edited' | 'deleted') =>
  new DomainError('NUMBER_OCCUPIED', `An occupied number cannot be ${action}`, 409);
