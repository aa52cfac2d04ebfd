import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { DomainError } from '../errors/domain.errors.js';

/** zod's own messages ("Invalid input: expected string…") need the field's name to make sense. */
const GENERIC_MESSAGE = /^(Invalid|Too (big|small)|Unrecognized)/;

/**
 * The first problem of a failed parse, as a sentence a person can act on: the schema's own message
 * ("Please provide email address"), or zod's generic one prefixed with the field it is about.
 */
export function describeIssues(error: z.ZodError): string {
  const [first] = error.issues;
  if (!first) return 'The request is not valid';
  const where = first.path.length && GENERIC_MESSAGE.test(first.message) ? `${first.path.join('.')}: ` : '';
  return `${where}${first.message}`;
}

/** Validates a request part (body, query, params) with a zod schema; bad input is a 400 naming the field. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    const result = this.schema.safeParse(value);
    if (!result.success) {
      throw new DomainError('VALIDATION_FAILED', describeIssues(result.error), 400, {
        issues: result.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
      });
    }
    return result.data;
  }
}
