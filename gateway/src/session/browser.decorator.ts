import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request, Response } from 'express';
import type { Browser } from './browser.port.js';
import { expressBrowser } from './express-browser.adapter.js';
import './session-state.types.js';

/** The calling browser (its address, session and cookies), for a handler to hand to a service. */
export const CallingBrowser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Browser =>
    expressBrowser(
      context.switchToHttp().getRequest<Request>(),
      context.switchToHttp().getResponse<Response>(),
    ),
);

/** The signed-in user's id ('' when nobody is: the access guard lets no one in there anonymously). */
export const SignedInUserId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string =>
    context.switchToHttp().getRequest<Request>().session.user?.userId ?? '',
);
