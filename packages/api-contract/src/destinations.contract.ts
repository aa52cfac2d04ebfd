import { z } from 'zod';
import { endpoint } from './endpoint.types.js';
import { envelope } from './envelope.schema.js';

/**
 * A MultiMFA's destinations beside its members (a Slack channel, a webhook endpoint), its routing
 * rules and its held texts. Owner only: another customer's MultiMFA, destination or text answers 404.
 */

export const destinationKindSchema = z.enum(['slack', 'webhook']);
export type DestinationKind = z.infer<typeof destinationKindSchema>;

/** What a destination receives of a text: the code alone (never the body), or the whole text. */
export const destinationContentSchema = z.enum(['code_only', 'full']);

export const destinationSchema = z
  .object({
    destinationId: z.uuid(),
    multiMFAId: z.uuid(),
    kind: destinationKindSchema,
    name: z.string(),
    /** The URL with its secret part hidden (a Slack webhook's token, a webhook's query). */
    url: z.string(),
    content: destinationContentSchema,
    /** `pending` until it proved it is the owner's (Slack: the code typed back); only `active` receives texts. */
    status: z.enum(['pending', 'active']),
    createdAt: z.iso.datetime(),
    activatedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Destination' });
export type Destination = z.output<typeof destinationSchema>;

export const addDestinationBody = z
  .object({
    kind: z.enum(destinationKindSchema.options, { error: 'Please choose Slack or webhook' }),
    name: z.string().trim().min(1, 'Please provide a name').max(100),
    /** Slack: the channel's incoming-webhook URL (https://hooks.slack.com/services/…). Webhook: an https URL. */
    url: z.string().trim().min(1, 'Please provide the URL').max(2048),
    content: destinationContentSchema.default('code_only'),
  })
  .meta({ id: 'AddDestinationBody' });
export type AddDestinationBody = z.output<typeof addDestinationBody>;

export const mfaPathParams = z.object({ multiMFAId: z.uuid({ error: 'MFA not found' }) });
export const destinationParams = z.object({ destinationId: z.uuid({ error: 'Destination not found' }) });
export const heldMessageParams = z.object({ messageId: z.uuid({ error: 'Message not found' }) });

export const destinationCreatedSchema = z
  .object({
    destination: destinationSchema,
    /**
     * A webhook's signing secret, shown this once: every delivery carries `MultiMFA-Signature:
     * t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with it>`; refuse a `t` more than
     * 300 seconds from your clock. Null for Slack.
     */
    signingSecret: z.string().nullable(),
  })
  .meta({ id: 'DestinationCreated' });
export type DestinationCreated = z.output<typeof destinationCreatedSchema>;

export const deliveryAttemptSchema = z
  .object({
    messageId: z.uuid(),
    attempt: z.number().int().positive(),
    at: z.iso.datetime(),
    outcome: z.enum(['delivered', 'failed']),
    /** The destination's HTTP status (null: no answer, or the address was refused). */
    responseCode: z.number().int().nullable(),
    error: z.string().nullable(),
  })
  .meta({ id: 'DeliveryAttempt' });
export type DeliveryAttempt = z.output<typeof deliveryAttemptSchema>;

export const routingRuleSchema = z
  .object({
    matchKind: z.enum(['service', 'sender'], { error: 'Please choose service or sender' }),
    /** The service name the code extraction gives (Google, AWS, Microsoft, …) or the sender as texts show it. */
    matchValue: z.string().trim().min(1, 'Please provide the service or sender').max(100),
    memberIds: z.array(z.uuid({ error: 'Member not found' })).max(50),
    destinationIds: z.array(z.uuid({ error: 'Destination not found' })).max(50),
  })
  .refine((rule) => rule.memberIds.length + rule.destinationIds.length > 0, {
    message: 'A rule must send to at least one member or destination',
  })
  .meta({ id: 'RoutingRule' });

export const routingSchema = z
  .object({
    /** Texts no rule matches are held (shown with Release and Discard) instead of going to everyone. */
    holdUnknown: z.boolean(),
    rules: z.array(routingRuleSchema).max(50, 'At most 50 rules'),
  })
  .meta({ id: 'Routing' });
export type Routing = z.output<typeof routingSchema>;

export const heldMessageSchema = z
  .object({
    messageId: z.uuid(),
    sender: z.string(),
    receivedAt: z.iso.datetime(),
    /** Whether it holds a code: the page reveals it through revealMfaCode, which is recorded. */
    hasCode: z.boolean(),
    codeService: z.string().nullable(),
    heldAt: z.iso.datetime(),
  })
  .meta({ id: 'HeldMessage' });
export type HeldMessage = z.output<typeof heldMessageSchema>;

const destinationAnswers = {
  '404': 'Another customer’s MultiMFA or destination (NOT_FOUND)',
};

export const listDestinations = endpoint({
  operationId: 'listDestinations',
  method: 'GET',
  path: '/api/plan/mfa/:multiMFAId/destinations',
  summary: 'The destinations of one of the caller’s MultiMFAs, with the recent delivery attempts of each',
  tag: 'plan',
  access: 'user',
  params: mfaPathParams,
  otherAnswers: destinationAnswers,
  response: envelope(
    z.object({
      destinations: z.array(destinationSchema.extend({ attempts: z.array(deliveryAttemptSchema) })),
    }),
  ),
});

export const addDestination = endpoint({
  operationId: 'addDestination',
  method: 'POST',
  path: '/api/plan/mfa/:multiMFAId/destinations',
  summary:
    'Adds a Slack channel or a webhook endpoint (one seat). Slack gets a test post with a code to confirm; a webhook must echo a challenge (POST {"type":"challenge","challenge":"…"} answered with the challenge) and is active at once',
  tag: 'plan',
  access: 'verified',
  params: mfaPathParams,
  body: addDestinationBody,
  otherAnswers: {
    ...destinationAnswers,
    '409': 'No seat is free (SEATS_EXCEEDED)',
    '422':
      'The URL is not accepted (DESTINATION_URL_INVALID: malformed Slack URL, not https; DESTINATION_ADDRESS_REFUSED: a private, loopback, link-local or metadata address) or the destination did not answer the test (DESTINATION_TEST_FAILED)',
  },
  response: envelope(destinationCreatedSchema),
});

export const confirmDestination = endpoint({
  operationId: 'confirmDestination',
  method: 'POST',
  path: '/api/plan/destinations/:destinationId/confirm',
  summary: 'Activates a Slack destination with the code its test post showed',
  tag: 'plan',
  access: 'user',
  params: destinationParams,
  body: z
    .object({ code: z.string().trim().min(1, 'Please provide the code').max(20) })
    .meta({ id: 'ConfirmDestinationBody' }),
  otherAnswers: {
    ...destinationAnswers,
    '422':
      'Wrong code (WRONG_CONFIRMATION_CODE); after 5 wrong codes a new test post is needed (CONFIRMATION_LOCKED)',
  },
  response: envelope(z.object({ destination: destinationSchema })),
});

export const resendDestinationTest = endpoint({
  operationId: 'resendDestinationTest',
  method: 'POST',
  path: '/api/plan/destinations/:destinationId/test',
  summary: 'Posts a new confirmation code to a pending Slack destination',
  tag: 'plan',
  access: 'user',
  params: destinationParams,
  otherAnswers: { ...destinationAnswers, '422': 'Slack refused the post (DESTINATION_TEST_FAILED)' },
  response: envelope(z.object({ destination: destinationSchema })),
});

export const removeDestination = endpoint({
  operationId: 'removeDestination',
  method: 'DELETE',
  path: '/api/plan/destinations/:destinationId',
  summary: 'Removes a destination (its seat is freed); texts already queued to it are not sent',
  tag: 'plan',
  access: 'user',
  params: destinationParams,
  otherAnswers: destinationAnswers,
  response: envelope(z.null()),
});

export const getRouting = endpoint({
  operationId: 'getRouting',
  method: 'GET',
  path: '/api/plan/mfa/:multiMFAId/routing',
  summary: 'The routing rules of one of the caller’s MultiMFAs and whether unknown senders are held',
  tag: 'plan',
  access: 'user',
  params: mfaPathParams,
  otherAnswers: destinationAnswers,
  response: envelope(routingSchema),
});

export const saveRouting = endpoint({
  operationId: 'saveRouting',
  method: 'PUT',
  path: '/api/plan/mfa/:multiMFAId/routing',
  summary:
    'Replaces the routing rules: each rule sends texts of a service or a sender to its members and destinations; texts no rule matches go to everyone, or are held when holdUnknown is on',
  tag: 'plan',
  access: 'user',
  params: mfaPathParams,
  body: routingSchema,
  otherAnswers: {
    ...destinationAnswers,
    '422': 'A rule names a member or destination that is not this MultiMFA’s (UNKNOWN_RECIPIENT)',
  },
  response: envelope(routingSchema),
});

export const listHeldMessages = endpoint({
  operationId: 'listHeldMessages',
  method: 'GET',
  path: '/api/plan/mfa/:multiMFAId/held',
  summary: 'The texts held because no rule matched them, oldest first',
  tag: 'plan',
  access: 'user',
  params: mfaPathParams,
  otherAnswers: destinationAnswers,
  response: envelope(z.object({ messages: z.array(heldMessageSchema) })),
});

export const releaseHeldMessage = endpoint({
  operationId: 'releaseHeldMessage',
  method: 'POST',
  path: '/api/plan/held/:messageId/release',
  summary: 'Forwards a held text now, to everyone (once: a second release does nothing)',
  tag: 'plan',
  access: 'user',
  params: heldMessageParams,
  otherAnswers: { '404': 'Another customer’s text, or no text held (NOT_FOUND)' },
  response: envelope(z.object({ forwards: z.number().int().nonnegative() })),
});

export const discardHeldMessage = endpoint({
  operationId: 'discardHeldMessage',
  method: 'POST',
  path: '/api/plan/held/:messageId/discard',
  summary: 'Discards a held text: it is never forwarded',
  tag: 'plan',
  access: 'user',
  params: heldMessageParams,
  otherAnswers: { '404': 'Another customer’s text, or no text held (NOT_FOUND)' },
  response: envelope(z.null()),
});

export const destinationsEndpoints = [
  listDestinations,
  addDestination,
  confirmDestination,
  resendDestinationTest,
  removeDestination,
  getRouting,
  saveRouting,
  listHeldMessages,
  releaseHeldMessage,
  discardHeldMessage,
] as const;
