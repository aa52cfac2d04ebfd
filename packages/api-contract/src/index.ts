import { adminDiscountsEndpoints } from './admin-discounts.contract.js';
import { adminNumbersEndpoints } from './admin-numbers.contract.js';
import { adminReportingEndpoints } from './admin-reporting.contract.js';
import { adminUsersEndpoints } from './admin-users.contract.js';
import {
  changePassword,
  changePasswordFP,
  checkSSOStatus,
  currentSession,
  getXsrfToken,
  login,
  loginSSO,
  logout,
  signUp,
  updateUser,
  verifyEmail,
  verifyEmailToken,
} from './auth.contract.js';
import { botApiEndpoints } from './bot-api.contract.js';
import { botsEndpoints } from './bots.contract.js';
import { cardsEndpoints, invoicesEndpoints } from './cards.contract.js';
import { codeAuditEndpoints } from './code-audit.contract.js';
import { sendContactMessage } from './contact.contract.js';
import { destinationsEndpoints } from './destinations.contract.js';
import type { Endpoint } from './endpoint.types.js';
import { invitationEndpoints, membersEndpoints } from './members.contract.js';
import { messagesEndpoints } from './messages.contract.js';
import { offboardingEndpoints } from './offboarding.contract.js';
import { getMFACountries } from './plan.contract.js';
import { listPlans, listRoboMfaPlans } from './plan-catalogue.contract.js';
import { promotionEndpoints } from './promotion.contract.js';
import { purchaseEndpoints } from './purchase.contract.js';
import { retentionEndpoints } from './retention.contract.js';
import { webhookEndpoints } from './webhooks.contract.js';

export * from './admin-discounts.contract.js';
export * from './admin-numbers.contract.js';
export * from './admin-reporting.contract.js';
export * from './admin-users.contract.js';
export * from './auth.contract.js';
export * from './bot-api.contract.js';
export * from './bots.contract.js';
export * from './cards.contract.js';
export * from './code-audit.contract.js';
export { type ContactBody, contactBody, sendContactMessage } from './contact.contract.js';
export * from './destinations.contract.js';
export { type Endpoint, endpoint, type HttpMethod } from './endpoint.types.js';
export { type Envelope, envelope, errorEnvelope } from './envelope.schema.js';
export * from './members.contract.js';
export * from './messages.contract.js';
export * from './offboarding.contract.js';
export { isPersonName, personNameField } from './person-name.schema.js';
export { type Country, countrySchema, getMFACountries } from './plan.contract.js';
export { listPlans, listRoboMfaPlans, type Plan, planSchema } from './plan-catalogue.contract.js';
export * from './promotion.contract.js';
export * from './purchase.contract.js';
export * from './retention.contract.js';
export * from './webhooks.contract.js';

/** Every documented /api call, in the order the OpenAPI document lists them. */
export const endpoints: readonly Endpoint[] = [
  getXsrfToken,
  signUp,
  login,
  currentSession,
  logout,
  checkSSOStatus,
  loginSSO,
  verifyEmail,
  verifyEmailToken,
  changePasswordFP,
  changePassword,
  updateUser,
  getMFACountries,
  listPlans,
  listRoboMfaPlans,
  sendContactMessage,
  ...purchaseEndpoints,
  ...adminNumbersEndpoints,
  ...membersEndpoints,
  ...invitationEndpoints,
  ...botsEndpoints,
  ...cardsEndpoints,
  ...invoicesEndpoints,
  ...botApiEndpoints,
  ...adminUsersEndpoints,
  ...promotionEndpoints,
  ...adminDiscountsEndpoints,
  ...adminReportingEndpoints,
  ...webhookEndpoints,
  ...messagesEndpoints,
  ...codeAuditEndpoints,
  ...destinationsEndpoints,
  ...retentionEndpoints,
  ...offboardingEndpoints,
];
