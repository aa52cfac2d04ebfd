import Stripe from 'stripe';
import type { TestSandbox } from './test-sandbox.js';

/** stripe-node pointed at the sandbox with its host/port/protocol options, as services will configure it. */
export function stripeFor(
  test: TestSandbox,
  options: { key?: string; maxNetworkRetries?: number; timeout?: number } = {},
) {
  return new Stripe(options.key ?? test.config.stripe.secretKey, {
    host: '127.0.0.1',
    port: test.port,
    protocol: 'http',
    maxNetworkRetries: options.maxNetworkRetries ?? 0,
    telemetry: false,
    ...(options.timeout ? { timeout: options.timeout } : {}),
  });
}

/** A call the browser makes with the publishable key (as Stripe.js does): form body, Bearer pk_…. */
export async function publishableCall(
  test: TestSandbox,
  method: 'GET' | 'POST',
  path: string,
  params: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const form = new URLSearchParams(params).toString();
  const response = await fetch(`${test.url}${path}${method === 'GET' && form ? `?${form}` : ''}`, {
    method,
    headers: {
      Authorization: `Bearer ${test.config.stripe.publishableKey}`,
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: 'http://127.0.0.1:47080',
    },
    ...(method === 'POST' ? { body: form } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Runs `call` and returns the error it throws (failing the test when it does not throw). */
export async function caught<E = Stripe.errors.StripeError>(call: () => Promise<unknown>): Promise<E> {
  try {
    await call();
  } catch (error) {
    return error as E;
  }
  throw new Error('expected the call to fail');
}
