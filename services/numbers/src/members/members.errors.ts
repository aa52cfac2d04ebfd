import { DomainError, NotFoundError } from '@multimfa/service-runtime';

/** One code and status per refusal of the members, wherever it is found. */
export const memberNotFound = () => new NotFoundError('Member not found', 'MEMBER_NOT_FOUND');

export const seatsExceeded = () => new DomainError('SEATS_EXCEEDED', 'Please Update your Plan', 409);

export const invalidMobile = () =>
  new DomainError('INVALID_MOBILE_NUMBER', 'Please provide a valid mobile number, such as +12125551212', 400);

export const invitationNotFound = () =>
  new NotFoundError(
    'The token which you have entered may have been expired or deleted.',
    'INVITATION_NOT_FOUND',
  );

export const alreadyAccepted = () =>
  new DomainError('INVITATION_ACCEPTED', 'You have already accepted the invitation.', 409);

export const memberAlreadyVerified = () =>
  new DomainError('MEMBER_VERIFIED', 'This member has already accepted an invitation', 409);
