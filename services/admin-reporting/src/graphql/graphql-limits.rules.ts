import { GraphQLError, type ValidationRule } from 'graphql';
import depthLimit from 'graphql-depth-limit';
import { createComplexityRule, fieldExtensionsEstimator, simpleEstimator } from 'graphql-query-complexity';

/** The deepest selection a query may nest (the top-level field is depth 0). */
export const MAX_QUERY_DEPTH = 6;
/** The most a query may cost: each field 1, a connection its selection times `first`. */
export const MAX_QUERY_COST = 1000;

/** The validation rules that refuse a query too deep or too costly, before anything runs. */
export function limitRules(variables: Record<string, unknown>, operationName?: string): ValidationRule[] {
  return [
    depthLimit(MAX_QUERY_DEPTH),
    createComplexityRule({
      maximumComplexity: MAX_QUERY_COST,
      variables,
      operationName,
      estimators: [fieldExtensionsEstimator(), simpleEstimator({ defaultComplexity: 1 })],
      createError: (max, actual) =>
        new GraphQLError(`The query costs ${actual}, more than the ${max} allowed`, {
          extensions: { code: 'QUERY_TOO_COSTLY' },
        }),
    }),
  ];
}
