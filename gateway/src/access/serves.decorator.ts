import type { Endpoint } from '@multimfa/api-contract';
import { ZodPipe } from '@multimfa/service-runtime';
import {
  type ArgumentMetadata,
  applyDecorators,
  type PipeTransform,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UsePipes,
} from '@nestjs/common';

export const ENDPOINT_METADATA = 'multimfa:endpoint';

const served = new Set<Endpoint>();

/** Validates a handler's whole @Body(), @Query() and @Param() with the endpoint's own schemas. */
class EndpointPipe implements PipeTransform {
  private readonly pipes: Partial<Record<ArgumentMetadata['type'], ZodPipe<NonNullable<Endpoint['body']>>>>;

  constructor(endpoint: Endpoint) {
    this.pipes = {
      ...(endpoint.body ? { body: new ZodPipe(endpoint.body) } : {}),
      ...(endpoint.query ? { query: new ZodPipe(endpoint.query) } : {}),
      ...(endpoint.params ? { param: new ZodPipe(endpoint.params) } : {}),
    };
  }

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    const pipe = metadata.data === undefined ? this.pipes[metadata.type] : undefined;
    return pipe ? pipe.transform(value) : value;
  }
}

/**
 * Binds a handler to a documented endpoint of the contract: its method, path and access level all
 * come from there, and its body, query and params are validated with the endpoint's schemas, so the
 * routes, the guard, the validation and the OpenAPI document cannot drift apart.
 */
export function Serves(endpoint: Endpoint): MethodDecorator {
  served.add(endpoint);
  return applyDecorators(
    RequestMapping({ path: endpoint.path, method: RequestMethod[endpoint.method] }),
    SetMetadata(ENDPOINT_METADATA, endpoint),
    UsePipes(new EndpointPipe(endpoint)),
  );
}

/** The endpoints some loaded controller serves (for the test that checks the contract is complete). */
export function servedEndpoints(): ReadonlySet<Endpoint> {
  return served;
}

export const PUBLIC_ROUTE_METADATA = 'multimfa:public-route';

/** An undocumented but deliberately public /api route (the OpenAPI document itself). */
export const PublicRoute = () => SetMetadata(PUBLIC_ROUTE_METADATA, true);
