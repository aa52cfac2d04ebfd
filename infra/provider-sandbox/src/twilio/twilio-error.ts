/** Twilio's REST error answer: `{ code, message, more_info, status }` with Twilio's error codes. */
export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = 'TwilioApiError';
  }

  toJSON() {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}

const bad = (code: number, message: string) => new TwilioApiError(400, code, message);

export const twilioErrors = {
  authenticate: () => new TwilioApiError(401, 20003, 'Authenticate'),
  notFound: (path: string) => new TwilioApiError(404, 20404, `The requested resource ${path} was not found`),
  internal: () => new TwilioApiError(500, 20500, 'Internal Server Error'),
  missingTo: () => bad(21604, "A 'To' phone number is required."),
  invalidTo: (to: string) => bad(21211, `Invalid 'To' Phone Number: ${to}`),
  unsubscribed: () => bad(21610, 'Attempt to send to unsubscribed recipient'),
  notMobile: () => bad(21614, "'To' number is not a valid mobile number"),
  missingFrom: () => bad(21603, "A 'From' phone number is required."),
  fromNotOwned: (from: string) =>
    bad(
      21606,
      `The From phone number ${from} is not a valid, SMS-capable inbound phone number or short code for your account.`,
    ),
  sameToAndFrom: () => bad(21266, "'To' and 'From' numbers cannot be the same"),
  missingBody: () => bad(21602, 'Message body is required.'),
  bodyTooLong: () => bad(21617, 'The concatenated message body exceeds the 1600 character limit.'),
  invalidStatusCallback: (url: string) => bad(21609, `Invalid StatusCallback url: ${url}`),
  invalidMessagingService: (sid: string) => bad(21701, `The Messaging Service Sid ${sid} is invalid.`),
  phoneNumberRequired: () => bad(21421, 'PhoneNumber or AreaCode is required.'),
  phoneNumberInvalid: (number: string) => bad(21421, `PhoneNumber ${number} is invalid.`),
  phoneNumberUnavailable: (number: string) => bad(21422, `PhoneNumber ${number} is not available.`),
  invalidUrl: (param: string, url: string) => bad(21502, `${param} is not a valid URL: ${url}`),
  invalidDate: (param: string, value: string) => bad(20001, `Invalid ${param}: ${value} is not a date`),
};

/** The body of a non-2xx answer that a fault asks for. */
export function faultError(status: number): TwilioApiError {
  if (status === 429) return new TwilioApiError(429, 20429, 'Too Many Requests');
  if (status === 503) return new TwilioApiError(503, 20503, 'Service Unavailable');
  if (status >= 500) return new TwilioApiError(status, 20500, 'Internal Server Error');
  return new TwilioApiError(status, 20001, `The request failed with status ${status} (sandbox fault).`);
}
