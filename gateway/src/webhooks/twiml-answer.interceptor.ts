import { type CallHandler, type ExecutionContext, Injectable, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { map } from 'rxjs';

/** The empty TwiML answer: Twilio sends no reply text. */
export const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/**
 * Answers a Twilio webhook that went through with the empty TwiML, typed as XML; a refusal keeps the
 * JSON error shape and its type.
 */
@Injectable()
export class TwimlAnswer implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler) {
    return next.handle().pipe(
      map(() => {
        context.switchToHttp().getResponse<FastifyReply>().type('text/xml; charset=utf-8');
        return EMPTY_TWIML;
      }),
    );
  }
}
