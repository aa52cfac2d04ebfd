import { type Envelope, getXsrfToken } from '@multimfa/api-contract';
import { ok } from '@multimfa/service-runtime';
import { Controller } from '@nestjs/common';
import { Serves } from '../access/serves.decorator.js';

@Controller()
export class XsrfController {
  /** The XSRF middleware sets the cookie on any /api answer that lacks it; this call just asks for one. */
  @Serves(getXsrfToken)
  issue(): Envelope<null> {
    return ok(null);
  }
}
