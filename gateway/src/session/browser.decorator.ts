import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { replyOf, requestOf } from '../exchange/raw-exchange.adapter.js';
import { browserOf } from './browser.adapter.js';
import type { Browser } from './browser.port.js';

/** The calling browser (its address, session and cookies), for a handler to hand to a service. */
export const CallingBrowser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Browser => browserOf(requestOf(context), replyOf(context).raw),
);

/** The signed-in user's id ('' when nobody is: the access guard lets no one in there anonymously). */
export const SignedInUserId = createParamDecorator(
  (_data: unknown, context: ExecutionContext): string => requestOf(context).session?.user?.userId ?? '',
);
