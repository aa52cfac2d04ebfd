import type { GraphqlRequest, GraphqlResponse } from '@multimfa/service-contracts/admin-reporting';
import { Inject, Injectable } from '@nestjs/common';
import { GraphQLSchemaHost } from '@nestjs/graphql';
import { type DocumentNode, execute, GraphQLError, parse, specifiedRules, validate } from 'graphql';
import { limitRules } from './graphql-limits.rules.js';

const formatted = (error: GraphQLError) => ({ ...error.toJSON() });

/** Runs a GraphQL request against the code-first schema: parse, validate with the limits, execute. */
@Injectable()
export class ReportingGraphqlService {
  constructor(@Inject(GraphQLSchemaHost) private readonly host: GraphQLSchemaHost) {}

  async run(request: GraphqlRequest): Promise<GraphqlResponse> {
    const { schema } = this.host;
    let document: DocumentNode;
    try {
      document = parse(request.query);
    } catch (error) {
      if (error instanceof GraphQLError) return { errors: [formatted(error)] };
      throw error;
    }
    const variables = request.variables ?? {};
    const refused = validate(schema, document, [
      ...specifiedRules,
      ...limitRules(variables, request.operationName),
    ]);
    if (refused.length) return { errors: refused.map((error) => formatted(error)) };
    const result = await execute({
      schema,
      document,
      variableValues: variables,
      operationName: request.operationName,
    });
    return {
      data: (result.data as Record<string, unknown> | null | undefined) ?? null,
      ...(result.errors ? { errors: result.errors.map(formatted) } : {}),
    };
  }
}
