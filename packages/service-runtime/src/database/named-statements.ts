/**
 * The hot statements a service prepares once per connection, by name, instead of sending them
 * unnamed (as TypeORM does) for PostgreSQL to parse, analyse and plan on every call. A repository
 * declares its statement once (`const INSERT = namedStatement('outbox.insert', '...')`) and runs the
 * text it gets back as usual (`manager.query(INSERT, params)`); `DeadlineClient`, the client of every
 * service's pool and of the outbox relay's sessions, sends a declared text as a named statement.
 *
 * What is saved is the parse and analysis: each call is still planned for its parameters (see
 * `DeadlineClient`). Opt-in, for statements that name their columns: a `SELECT *` prepared before a
 * migration adds a column fails with "cached plan must not change result type" on a replica still
 * running the old code.
 */
const names = new Map<string, string>();
const texts = new Map<string, string>();

export function namedStatement(name: string, text: string): string {
  const named = names.get(text);
  const declared = texts.get(name);
  if ((named !== undefined && named !== name) || (declared !== undefined && declared !== text)) {
    throw new Error(`the statement name ${name} (or its text) is declared twice, differently`);
  }
  names.set(text, name);
  texts.set(name, text);
  return text;
}

/** The name a statement's text was declared under, if it was. */
export function statementName(text: string): string | undefined {
  return names.get(text);
}
