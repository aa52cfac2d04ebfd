import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  type ArgumentsHost,
  Catch,
  type ExceptionFilter,
  HttpException,
  type HttpServer,
} from '@nestjs/common';
import { currentCorrelationId } from '../logging/correlation.context.js';
import type { Logger } from '../logging/logger.factory.js';
import { DomainError, type Envelope } from './domain.errors.js';

interface Mapped {
  status: number;
  body: Envelope<Record<string, unknown> | null>;
}

interface ExposedHttpError {
  status: number;
  /** Fastify's error code. */
  code: string;
  message: string;
}

/** Fastify's codes for a JSON body it could not parse. */
const FASTIFY_JSON_ERRORS = new Set(['FST_ERR_CTP_INVALID_JSON_BODY', 'FST_ERR_CTP_EMPTY_JSON_BODY']);

/** A request Fastify refused before any handler ran: a `statusCode` under 500 and an `FST_` code. */
function exposedHttpError(error: unknown): ExposedHttpError | undefined {
  const candidate = error as { statusCode?: unknown; code?: unknown };
  if (
    typeof candidate?.statusCode === 'number' &&
    candidate.statusCode < 500 &&
    typeof candidate.code === 'string' &&
    candidate.code.startsWith('FST_')
  ) {
    return { status: candidate.statusCode, code: candidate.code, message: (error as Error).message };
  }
  return undefined;
}

const isJsonParseError = (error: ExposedHttpError) => FASTIFY_JSON_ERRORS.has(error.code);

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join(', ');
  return typeof message === 'string' ? message : exception.message;
}

/**
 * What the log keeps of an unexpected error: its kind, message, code and stack. Never its other
 * fields: a failed query carries its SQL and parameters (a password hash, an e-mail address), and a
 * driver error's detail quotes the values.
 */
export function loggableError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { type: typeof error };
  const code = (error as { code?: unknown }).code;
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    stack: error.stack,
  };
}

/**
 * Maps every error to `{ isError, message, data }`: domain errors and 4xx keep their message; anything
 * else is a 500 that logs an error id and tells the caller only that id.
 */
export function mapError(exception: unknown, logger: Logger): Mapped {
  if (exception instanceof DomainError) {
    return {
      status: exception.status,
      body: { isError: true, message: exception.message, data: { code: exception.code, ...exception.data } },
    };
  }
  if (exception instanceof HttpException && exposedHttpError(exception.cause)) {
    return mapError(exception.cause, logger);
  }
  if (exception instanceof HttpException && exception.getStatus() < 500) {
    return {
      status: exception.getStatus(),
      body: { isError: true, message: messageOf(exception), data: null },
    };
  }
  const refused = exposedHttpError(exception);
  if (refused) {
    const message = isJsonParseError(refused) ? 'The request body is not valid JSON' : refused.message;
    return { status: refused.status, body: { isError: true, message, data: null } };
  }
  const errorId = randomUUID();
  logger.error(
    { err: loggableError(exception), errorId, correlationId: currentCorrelationId() },
    'unhandled error',
  );
  const status = exception instanceof HttpException ? exception.getStatus() : 500;
  return {
    status,
    body: {
      isError: true,
      message: `Something went wrong on our side (error id ${errorId})`,
      data: { errorId },
    },
  };
}

/** Answers through the app's HTTP adapter. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(
    private readonly logger: Logger,
    private readonly http: HttpServer,
  ) {}

  catch(exception: unknown, host: ArgumentsHost) {
    // A GraphQL resolver's error belongs in the GraphQL answer's `errors`, which the executor writes.
    if (host.getType<string>() === 'graphql') throw exception;
    const response: unknown = host.switchToHttp().getResponse();
    const { status, body } = mapError(exception, this.logger);
    if (this.http.isHeadersSent(response)) return;
    this.http.reply(response, body, status);
  }
}

/** For middleware, which runs outside Nest's filters on the raw response: answers in the same shape. */
export function sendError(response: ServerResponse, exception: unknown, logger: Logger): void {
  const { status, body } = mapError(exception, logger);
  if (response.headersSent) return;
  response.statusCode = status;
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.end(JSON.stringify(body));
}
