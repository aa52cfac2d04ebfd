import { AbstractGraphQLDriver, type GqlModuleOptions } from '@nestjs/graphql';

/**
 * Builds the code-first schema and serves nothing itself: POST /graphql is an ordinary controller,
 * so the caller guard, the error filter and the request log apply to it like to every other route
 * (Mercurius or Apollo would register their own route outside them).
 */
export class SchemaOnlyDriver extends AbstractGraphQLDriver<GqlModuleOptions> {
  async start(): Promise<void> {}

  async stop(): Promise<void> {}
}
