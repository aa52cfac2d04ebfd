import { randomUUID } from 'node:crypto';
import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import type { Response } from 'express';
import { currentCorrelationId } from '../logging/correlation.js';
import type { Logger } from '../logging/logger.js';
import { DomainError, type Envelope } from './domain-error.js';

interface Mapped {
  status: number;
  body: Envelope<Record<string, unknown> | null>;
}

/** Body-parser and similar middleware errors carry an HTTP status and an `expose` flag. */
function isExposedHttpError(error: unknown): error is { status: number; type?: string; message: string } {
  const candidate = error as { status?: unknown; expose?: unknown };
  return typeof candidate?.status === 'number' && candidate.expose === true && candidate.status < 500;
}

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
  if (exception instanceof HttpException && isExposedHttpError(exception.cause)) {
    return mapError(exception.cause, logger);
  }
  if (exception instanceof HttpException && exception.getStatus() < 500) {
    return {
      status: exception.getStatus(),
      body: { isError: true, message: messageOf(exception), data: null },
    };
  }
  if (isExposedHttpError(exception)) {
    const message =
      exception.type === 'entity.parse.failed' ? 'The request body is not valid JSON' : exception.message;
    return { status: exception.status, body: { isError: true, message, data: null } };
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

@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost) {
    const response = host.switchToHttp().getResponse<Response>();
    const { status, body } = mapError(exception, this.logger);
    if (response.headersSent) return;
    response.status(status).json(body);
  }
}

/** For plain Express middleware, which runs outside Nest's filters: answers in the same shape. */
export function sendError(response: Response, exception: unknown, logger: Logger): void {
  const { status, body } = mapError(exception, logger);
  if (!response.headersSent) response.status(status).json(body);
}
