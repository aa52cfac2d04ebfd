import { z } from 'zod';
import { endpoint } from './endpoint.js';
import { envelope } from './envelope.js';

export const getXsrfToken = endpoint({
  operationId: 'getXsrfToken',
  method: 'GET',
  path: '/api/auth/xsrf',
  summary: 'Issues the XSRF-TOKEN cookie that state-changing calls echo in the X-XSRF-TOKEN header',
  tag: 'auth',
  access: 'public',
  response: envelope(z.null()),
});
