import { AdminDiscountsController } from './admin-discounts/admin-discounts.controller.js';
import { AdminNumbersController } from './admin-numbers/admin-numbers.controller.js';
import { AdminReportingController } from './admin-reporting/admin-reporting.controller.js';
import { AdminUsersController } from './admin-users/admin-users.controller.js';
import { AuthController } from './auth/auth.controller.js';
import { GoogleController } from './auth/google.controller.js';
import { XsrfController } from './auth/xsrf.controller.js';
import { BotApiController } from './bot-api/bot-api.controller.js';
import { BotsController } from './bots/bots.controller.js';
import { CardsController } from './cards/cards.controller.js';
import { CodeAuditController } from './code-audit/code-audit.controller.js';
import { ContactController } from './contact/contact.controller.js';
import { DestinationsController } from './destinations/destinations.controller.js';
import { DiscountMailingController } from './discount-mailing/discount-mailing.controller.js';
import { InvitationsController } from './members/invitations.controller.js';
import { MembersController } from './members/members.controller.js';
import { MessagesController } from './messages/messages.controller.js';
import { MfaController } from './mfa/mfa.controller.js';
import { OffboardingController } from './offboarding/offboarding.controller.js';
import { OpenApiController } from './openapi/openapi.controller.js';
import { PaymentController } from './payment/payment.controller.js';
import { CountriesController } from './plan/countries.controller.js';
import { PlansController } from './plan/plans.controller.js';
import { PromotionController } from './promotion/promotion.controller.js';
import { RetentionController } from './retention/retention.controller.js';
import { SendGridWebhookController } from './webhooks/sendgrid-webhook.controller.js';
import { StripeWebhookController } from './webhooks/stripe-webhook.controller.js';
import { TwilioWebhookController } from './webhooks/twilio-webhook.controller.js';

/** Every controller of the gateway; loading this list registers every endpoint it serves. */
export const controllers = [
  OpenApiController,
  XsrfController,
  AuthController,
  GoogleController,
  CountriesController,
  PlansController,
  AdminNumbersController,
  PaymentController,
  StripeWebhookController,
  MfaController,
  ContactController,
  MembersController,
  InvitationsController,
  BotsController,
  CardsController,
  CodeAuditController,
  BotApiController,
  AdminUsersController,
  // Before AdminDiscountsController, whose /admin/discounts/:discountId would take users-prospects.
  DiscountMailingController,
  AdminDiscountsController,
  PromotionController,
  AdminReportingController,
  TwilioWebhookController,
  SendGridWebhookController,
  MessagesController,
  DestinationsController,
  RetentionController,
  OffboardingController,
];
