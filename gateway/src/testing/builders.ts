/** The body of POST /api/auth/signup for a customer with a password (the fields a browser sends). */
export function customerSignUp(emailAddress: string, password: string) {
  return {
    emailAddress,
    password,
    firstName: 'Grace',
    lastName: 'Hopper',
    mobileNo: '+12125550199',
    userType: 'CUSTOMER',
    provider: 'NONE',
    serviceAgreementAgreed: true,
    receiveMarketingEmails: false,
  };
}
