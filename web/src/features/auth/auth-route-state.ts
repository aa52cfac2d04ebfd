import { z } from 'zod';

/** Route state of /signup when Google vouches for an address without an account (section 4). */
export const googleSignUpStateSchema = z.object({
  fullName: z.string(),
  emailAddress: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  provider: z.literal('GOOGLE'),
});
export type GoogleSignUpState = z.infer<typeof googleSignUpStateSchema>;

/** Route state comes from history, so it is checked like any other input; anything else is ignored. */
export function readRouteState<S extends z.ZodType>(schema: S, state: unknown): z.output<S> | undefined {
  const parsed = schema.safeParse(state);
  return parsed.success ? parsed.data : undefined;
}
