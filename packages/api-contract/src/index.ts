import { adminDiscountsEndpoints } from './admin-discounts.js';
import { adminNumbersEndpoints } from './admin-numbers.js';
import { adminReportingEndpoints } from './admin-reporting.js';
import { adminUsersEndpoints } from './admin-users.js';
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
} from './auth.js';
import { botApiEndpoints } from './bot-api.js';
import { botsEndpoints } from './bots.js';
import { cardsEndpoints, invoicesEndpoints } from './cards.js';
import { sendContactMessage } from './contact.js';
import type { Endpoint } from './endpoint.js';
import { invitationEndpoints, membersEndpoints } from './members.js';
import { messagesEndpoints } from './messages.js';
import { getMFACountries } from './plan.js';
import { listPlans, listRoboMfaPlans } from './plan-catalogue.js';
import { promotionEndpoints } from './promotion.js';
import { purchaseEndpoints } from './purchase.js';
import { webhookEndpoints } from './webhooks.js';

export * from './admin-discounts.js';
export * from './admin-numbers.js';
export * from './admin-reporting.js';
export * from './admin-users.js';
export * from './auth.js';
export * from './bot-api.js';
export * from './bots.js';
export * from './cards.js';
export { type ContactBody, contactBody, sendContactMessage } from './contact.js';
export { type Endpoint, endpoint, type HttpMethod } from './endpoint.js';
export { type Envelope, envelope, errorEnvelope } from './envelope.js';
export * from './members.js';
export * from './messages.js';
export { type Country, countrySchema, getMFACountries } from './plan.js';
export { listPlans, listRoboMfaPlans, type Plan, planSchema } from './plan-catalogue.js';
export * from './promotion.js';
export * from './purchase.js';
export * from './webhooks.js';

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
];
