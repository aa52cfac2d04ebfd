import type { FormObject, FormValue } from '../shared/form-body.js';
import type { Metadata } from './stripe.types.js';
import { stripeErrors } from './stripe-error.js';

/**
 * Reads a request's parameters the way Stripe validates them: typed accessors with Stripe's error
 * messages, an empty string meaning "unset", and `assertAllUsed()` answering "Received unknown
 * parameter: x" for anything the endpoint did not read (so an unsupported parameter fails loudly
 * instead of being ignored).
 */
export class StripeParams {
  private readonly used = new Set<string>();
  private readonly children: StripeParams[] = [];

  constructor(
    private readonly values: FormObject,
    private readonly prefix = '',
  ) {}

  path(name: string): string {
    return this.prefix ? `${this.prefix}[${name}]` : name;
  }

  has(name: string): boolean {
    return this.values[name] !== undefined;
  }

  private take(name: string): FormValue | undefined {
    this.used.add(name);
    return this.values[name];
  }

  private scalar(name: string, required: boolean): string | undefined {
    const value = this.take(name);
    if (value === undefined || value === '') {
      if (required) throw stripeErrors.missingParam(this.path(name));
      return undefined;
    }
    if (typeof value !== 'string') {
      throw stripeErrors.invalidValue(this.path(name), `Invalid ${name}: must be a string`);
    }
    return value;
  }

  string(name: string, options: { required?: boolean; maxLength?: number } = {}): string | undefined {
    const value = this.scalar(name, options.required ?? false);
    if (value !== undefined && options.maxLength !== undefined && value.length > options.maxLength) {
      throw stripeErrors.invalidValue(
        this.path(name),
        `Invalid string: ${value.slice(0, 20)}...; must be at most ${options.maxLength} characters`,
      );
    }
    return value;
  }

  /** For updatable fields: `undefined` when absent, `null` when sent empty (Stripe's "unset"). */
  nullableString(name: string, options: { maxLength?: number } = {}): string | null | undefined {
    if (this.values[name] === '') {
      this.used.add(name);
      return null;
    }
    return this.string(name, options);
  }

  int(name: string, options: { required?: boolean; min?: number; max?: number } = {}): number | undefined {
    const value = this.scalar(name, options.required ?? false);
    if (value === undefined) return undefined;
    if (!/^-?\d{1,15}$/.test(value)) {
      throw stripeErrors.invalidValue(
        this.path(name),
        `Invalid integer: ${value}`,
        'parameter_invalid_integer',
      );
    }
    const number = Number(value);
    if (options.min !== undefined && number < options.min) {
      throw stripeErrors.invalidValue(
        this.path(name),
        `This value must be greater than or equal to ${options.min}.`,
        'parameter_invalid_integer',
      );
    }
    if (options.max !== undefined && number > options.max) {
      throw stripeErrors.invalidValue(
        this.path(name),
        `This value must be less than or equal to ${options.max}.`,
        'parameter_invalid_integer',
      );
    }
    return number;
  }

  bool(name: string): boolean | undefined {
    const value = this.scalar(name, false);
    if (value === undefined) return undefined;
    if (value !== 'true' && value !== 'false') {
      throw stripeErrors.invalidValue(this.path(name), `Invalid boolean: ${value}`);
    }
    return value === 'true';
  }

  oneOf<const T extends string>(
    name: string,
    allowed: readonly T[],
    options: { required?: boolean } = {},
  ): T | undefined {
    const value = this.scalar(name, options.required ?? false);
    if (value === undefined) return undefined;
    if (!(allowed as readonly string[]).includes(value)) {
      throw stripeErrors.invalidValue(
        this.path(name),
        `Invalid ${name}: must be one of ${allowed.join(', ')}`,
        'parameter_invalid_string',
      );
    }
    return value as T;
  }

  /** `oneOf` for updatable fields: `null` when sent empty (unset). */
  nullableOneOf<const T extends string>(name: string, allowed: readonly T[]): T | null | undefined {
    if (this.values[name] === '') {
      this.used.add(name);
      return null;
    }
    return this.oneOf(name, allowed);
  }

  stringList(name: string): string[] | undefined {
    const value = this.take(name);
    if (value === undefined) return undefined;
    if (value === '') return [];
    if (!Array.isArray(value) || !value.every((item) => typeof item === 'string')) {
      throw stripeErrors.invalidValue(this.path(name), `Invalid array`, 'parameter_invalid_array');
    }
    return value as string[];
  }

  /** `metadata[key]=value`; `metadata=` clears every key, `metadata[key]=` clears one (returned as ''). */
  metadata(name = 'metadata'): Metadata | null | undefined {
    const value = this.take(name);
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw stripeErrors.invalidValue(this.path(name), 'Invalid hash', 'parameter_invalid_hash');
    }
    const entries = Object.entries(value);
    if (entries.length > 50) {
      throw stripeErrors.invalidValue(
        this.path(name),
        'You can specify up to 50 keys.',
        'parameter_invalid_hash',
      );
    }
    const out: Metadata = {};
    for (const [key, item] of entries) {
      if (typeof item !== 'string') {
        throw stripeErrors.invalidValue(
          `${this.path(name)}[${key}]`,
          'Invalid string',
          'parameter_invalid_string',
        );
      }
      if (key.length > 40) {
        throw stripeErrors.invalidValue(this.path(name), `Metadata keys can have up to 40 characters.`);
      }
      if (item.length > 500) {
        throw stripeErrors.invalidValue(this.path(name), `Metadata values can have up to 500 characters.`);
      }
      out[key] = item;
    }
    return out;
  }

  /** A nested hash: a reader for it, `null` when sent empty, `undefined` when absent. */
  object(name: string): StripeParams | null | undefined {
    const value = this.take(name);
    if (value === undefined) return undefined;
    if (value === '') return null;
    if (typeof value !== 'object' || Array.isArray(value)) {
      throw stripeErrors.invalidValue(this.path(name), 'Invalid hash', 'parameter_invalid_hash');
    }
    const child = new StripeParams(value, this.path(name));
    this.children.push(child);
    return child;
  }

  expand(): string[] {
    return this.stringList('expand') ?? [];
  }

  /** Throws "Received unknown parameter" for the first parameter nothing read, at any depth. */
  assertAllUsed(): void {
    for (const key of Object.keys(this.values)) {
      if (!this.used.has(key)) throw stripeErrors.unknownParam(this.path(key));
    }
    for (const child of this.children) child.assertAllUsed();
  }
}

export function mergeMetadata(current: Metadata, update: Metadata | null | undefined): Metadata {
  if (update === undefined) return current;
  if (update === null) return {};
  const next = { ...current };
  for (const [key, value] of Object.entries(update)) {
    if (value === '') delete next[key];
    else next[key] = value;
  }
  return next;
}
