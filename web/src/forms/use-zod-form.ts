import { useState } from 'react';
import {
  type FieldValues,
  get,
  type Path,
  type Resolver,
  type UseFormProps,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';

/**
 * The form convention: react-hook-form validated by a zod schema (from @multimfa/api-contract when the
 * form posts a documented body, else a local one next to the form). Field errors come from the
 * schema's messages; a message from the server goes to `root.server` (see `setServerError`).
 */
export type ZodFormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodForm<S extends ZodFormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>>;

/** A schema, or a loader of one: a form on a route's first load takes its schema (and zod) lazily. */
export type SchemaSource<S extends ZodFormSchema> = S | (() => Promise<S>);

/**
 * Validates with the schema through @hookform/resolvers; the resolver and a lazily given schema load
 * on the first validation (the form validates on submit), so neither is on the page's start-up path.
 */
function lazyZodResolver<S extends ZodFormSchema>(
  source: SchemaSource<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  let loaded: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | undefined;
  return async (values, context, options) => {
    loaded ??= Promise.all([
      import('@hookform/resolvers/zod'),
      typeof source === 'function' ? source() : Promise.resolve(source),
    ]).then(([{ zodResolver }, schema]) => zodResolver(schema) as Resolver<z.input<S>, unknown, z.output<S>>);
    return (await loaded)(values, context, options);
  };
}

export function useZodForm<S extends ZodFormSchema>(
  schema: SchemaSource<S>,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'> = {},
): ZodForm<S> {
  const [resolver] = useState(() => lazyZodResolver(schema));
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
  });
}

/** Shows a server's message under the form (read it back with `serverError`). */
export function setServerError<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  message: string,
): void {
  form.setError('root.server', { type: 'server', message });
}

export function serverError<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
): string | undefined {
  return form.formState.errors.root?.server?.message;
}

/**
 * What a Mantine input needs to take part in the form: react-hook-form's registration and the
 * field's own error message.
 */
export function fieldProps<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  name: Path<T>,
): UseFormRegisterReturn<Path<T>> & { error: string | undefined } {
  const error = get(form.formState.errors, name) as { message?: unknown } | undefined;
  return { ...form.register(name), error: typeof error?.message === 'string' ? error.message : undefined };
}
