import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';
import { DomainError } from '../errors/domain-error.js';

/** The first problem of a failed parse, as a sentence a person can act on. */
export function describeIssues(error: z.ZodError): string {
  const [first] = error.issues;
  if (!first) return 'The request is not valid';
  const where = first.path.length ? `${first.path.join('.')}: ` : '';
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
