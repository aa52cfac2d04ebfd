import { type Endpoint, endpoints, errorEnvelope } from '@multimfa/api-contract';
import { z } from 'zod';
import { BOT_API_EXAMPLES } from './bot-api.examples.js';

type JsonSchema = Record<string, unknown>;
export type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/**
 * Converts a zod schema to JSON Schema 2020-12 (OpenAPI 3.1's dialect), moving named sub-schemas
 * (those with a `.meta({ id })`) into `components.schemas`.
 */
function toSchema(
  schema: z.ZodType,
  components: Record<string, JsonSchema>,
  io: 'input' | 'output',
): JsonSchema {
  const {
    $schema: _dialect,
    $defs,
    ...rest
  } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema & {
    $defs?: Record<string, JsonSchema>;
  };
  const relink = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(relink);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value).map(([key, inner]) =>
          key === '$ref' && typeof inner === 'string'
            ? [key, inner.replace('#/$defs/', '#/components/schemas/')]
            : [key, relink(inner)],
        ),
      );
    }
    return value;
  };
  for (const [name, definition] of Object.entries($defs ?? {}))
    components[name] = relink(definition) as JsonSchema;
  const { id, ...body } = relink(rest) as JsonSchema;
  if (typeof id === 'string') {
    components[id] = body;
    return { $ref: `#/components/schemas/${id}` };
  }
  return body;
}

const json = (schema: JsonSchema) => ({ content: { 'application/json': { schema } } });

function operation(endpoint: Endpoint, components: Record<string, JsonSchema>) {
  const errorRef = { $ref: '#/components/schemas/ErrorResponse' };
  const responses: Record<string, unknown> = {
    '200': {
      description: 'Success',
      content: {
        [endpoint.responseContentType ?? 'application/json']: {
          schema: toSchema(endpoint.response, components, 'output'),
        },
      },
    },
    '429': { description: 'Too many requests', ...json(errorRef) },
    '500': { description: 'Unexpected failure; the message carries an error id', ...json(errorRef) },
  };
  if (endpoint.body || endpoint.query || endpoint.method !== 'GET') {
    responses['400'] = { description: 'Invalid input; the message names the field', ...json(errorRef) };
  }
  if (endpoint.method !== 'GET' && endpoint.access !== 'bot')
    responses['403'] = { description: 'Missing XSRF token or not allowed', ...json(errorRef) };
  if (endpoint.access === 'user' || endpoint.access === 'verified' || endpoint.access === 'admin')
    responses['401'] = { description: 'Not signed in', ...json(errorRef) };
  if (endpoint.access === 'verified')
    responses['403'] = {
      description:
        'Missing XSRF token, or the e-mail address is not verified yet (EMAIL_NOT_VERIFIED): verify it first',
      ...json(errorRef),
    };
  if (endpoint.access === 'admin')
    responses['403'] = { description: 'Not an administrator', ...json(errorRef) };
  if (endpoint.access === 'bot') {
    responses['401'] = { description: 'Missing, unknown or deleted API key', ...json(errorRef) };
    responses['429'] = {
      description: "Over the API key's rate limit (see the `RateLimit` and `RateLimit-Policy` fields)",
      ...json(errorRef),
    };
  }
  for (const [status, description] of Object.entries(endpoint.otherAnswers ?? {}))
    responses[status] = Number(status) >= 400 ? { description, ...json(errorRef) } : { description };

  const parameters: unknown[] = [...endpoint.path.matchAll(/:(\w+)/g)].map(([, name]) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (endpoint.query) {
    const query = toSchema(endpoint.query, components, 'input') as {
      properties?: Record<string, JsonSchema>;
      required?: string[];
    };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, schema });
    }
  }
  const examples = BOT_API_EXAMPLES[endpoint.operationId];
  if (examples) {
    for (const parameter of parameters as Array<{ name: string; example?: unknown }>)
      if (examples.query?.[parameter.name] !== undefined) parameter.example = examples.query[parameter.name];
    for (const [status, example] of Object.entries(examples.answers)) {
      const content = (responses[status] as { content?: Record<string, Record<string, unknown>> } | undefined)
        ?.content?.['application/json'];
      if (content) content.example = example;
    }
  }
  return {
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    tags: [endpoint.tag],
    ...(endpoint.access === 'public' ? { security: [] } : {}),
    ...(endpoint.access === 'bot' ? { security: [{ botKey: [] }] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(endpoint.body
      ? {
          requestBody: {
            required: true,
            content: {
              [endpoint.requestContentType ?? 'application/json']: {
                schema: toSchema(endpoint.body, components, 'input'),
              },
            },
          },
        }
      : {}),
    responses: Object.fromEntries(Object.entries(responses).sort(([a], [b]) => a.localeCompare(b))),
    ...(examples ? { 'x-codeSamples': examples.codeSamples } : {}),
  };
}

/** The OpenAPI 3.1 document of /api, built from the same zod schemas the gateway validates with. */
export function buildOpenApiDocument(list: readonly Endpoint[] = endpoints): OpenApiDocument {
  const components: Record<string, JsonSchema> = {};
  toSchema(errorEnvelope, components, 'output');
  const paths: OpenApiDocument['paths'] = {};
  for (const endpoint of list) {
    const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
    paths[path] ??= {};
    paths[path][endpoint.method.toLowerCase()] = operation(endpoint, components);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'MultiMFA API',
      version: '1.0.0',
      description:
        'Every answer is `{ isError, message, data }`. State-changing calls send the `X-XSRF-TOKEN` header with the value of the `XSRF-TOKEN` cookie.',
    },
    servers: [{ url: '/' }],
    tags: [
      {
        name: 'bot',
        description:
          "A RoboMFA's bots read its texts with their API key as a bearer token (`Authorization: Bearer mmfa_bot_…`). Take the `cursor` of each answer and pass it back as `since`: nothing is missed between calls. For Node and browsers, `@multimfa/bot-client` wraps these calls (`waitForCode` long-polls with the cursor and retries 429, 5xx and network errors until its deadline), with a CLI: `npx @multimfa/bot-client wait --sender Google --timeout 60`.",
      },
    ],
    components: {
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'mmfa.sid' },
        botKey: {
          type: 'http',
          scheme: 'bearer',
          description: "A bot's API key (`mmfa_bot_…`), shown on its RoboMFA's page",
        },
      },
    },
    security: [{ session: [] }],
    paths,
  };
}
