import assert from 'node:assert/strict';
import { describe, it } from '@jest/globals';
import { z } from 'zod';
import { compatible } from './compatibility.rules.js';

const json = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'output' }) as Record<string, unknown>;
const check = (before: z.ZodType, after: z.ZodType) => compatible(json(before), json(after));

const v1 = z.object({
  userId: z.uuid(),
  emailAddress: z.email(),
  provider: z.enum(['NONE', 'GOOGLE']),
  mobileNo: z.string().max(20),
  marketing: z.boolean().optional(),
});

describe('event schema compatibility', () => {
  it('accepts the same schema', () => {
    assert.deepEqual(check(v1, v1), []);
  });

  it('accepts additive changes: a new field, a new optional field, a required optional', () => {
    assert.deepEqual(check(v1, v1.extend({ country: z.string() })), []);
    assert.deepEqual(check(v1, v1.extend({ note: z.string().optional() })), []);
    assert.deepEqual(check(v1, v1.extend({ marketing: z.boolean() })), []);
    assert.deepEqual(check(v1, v1.extend({ provider: z.enum(['NONE']) })), []);
    assert.deepEqual(check(v1, v1.extend({ mobileNo: z.string().max(15) })), []);
  });

  it('refuses removing or loosening a required field', () => {
    assert.match(check(v1, v1.omit({ emailAddress: true }))[0]?.reason ?? '', /required field/);
    assert.match(
      check(v1, v1.extend({ emailAddress: z.email().optional() }))[0]?.reason ?? '',
      /required field/,
    );
    assert.ok(check(v1, v1.extend({ emailAddress: z.email().nullable() })).length > 0);
  });

  it('refuses changing a type, adding an enum value, or widening a bound', () => {
    assert.match(check(v1, v1.extend({ userId: z.number() }))[0]?.reason ?? '', /type number/);
    assert.match(
      check(v1, v1.extend({ provider: z.enum(['NONE', 'GOOGLE', 'APPLE']) }))[0]?.reason ?? '',
      /APPLE/,
    );
    assert.match(check(v1, v1.extend({ mobileNo: z.string().max(40) }))[0]?.reason ?? '', /maxLength/);
    assert.match(check(v1, v1.extend({ userId: z.string() }))[0]?.reason ?? '', /format/);
  });

  it('looks inside arrays and nullable values', () => {
    const before = z.object({ members: z.array(z.object({ id: z.uuid() })), note: z.string().nullable() });
    assert.deepEqual(check(before, before.extend({ note: z.string() })), []);
    assert.ok(check(before, before.extend({ members: z.array(z.object({ id: z.number() })) })).length > 0);
    assert.ok(check(before, before.extend({ note: z.number().nullable() })).length > 0);
  });
});
