import type { Endpoint } from '@multimfa/api-contract';
import { applyDecorators, RequestMapping, RequestMethod, SetMetadata } from '@nestjs/common';

export const ENDPOINT_METADATA = 'multimfa:endpoint';

const served = new Set<Endpoint>();

/**
 * Binds a handler to a documented endpoint of the contract: its method, path and access level all
 * come from there, so the routes, the guard and the OpenAPI document cannot drift apart.
 */
export function Serves(endpoint: Endpoint): MethodDecorator {
  served.add(endpoint);
  return applyDecorators(
    RequestMapping({ path: endpoint.path, method: RequestMethod[endpoint.method] }),
    SetMetadata(ENDPOINT_METADATA, endpoint),
  );
}

/** The endpoints some loaded controller serves (for the test that checks the contract is complete). */
export function servedEndpoints(): ReadonlySet<Endpoint> {
  return served;
}

export const PUBLIC_ROUTE_METADATA = 'multimfa:public-route';

/** An undocumented but deliberately public /api route (the OpenAPI document itself). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE_METADATA, true);
