/** The gateway's validated settings, for providers that need them. */
export const GATEWAY_CONFIG = Symbol('GATEWAY_CONFIG');
