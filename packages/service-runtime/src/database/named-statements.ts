/**
 * The hot statements a service prepares once per connection, by name, instead of sending them
 * unnamed (as TypeORM does) for PostgreSQL to parse, analyse and plan on every call. A repository
 * declares its statement once (`const INSERT = namedStatement('outbox.insert', '...')`) and runs the
 * text it gets back as usual (`manager.query(INSERT, params)`); `DeadlineClient`, the client of every
 * service's pool and of the outbox relay's sessions, sends a declared text as a named statement.
 *
 * What is saved is the parse and analysis, and after five calls the planning too: PostgreSQL's plan
 * cache then keeps a generic plan when it is estimated no dearer than planning each call (planning
 * the hot statements cost messaging's database about as much as running them). So only statements
 * whose best plan is the same at any table size are declared: inserts and upserts, and lookups of a
 * row by a key given as one value. A statement that reads rows by an array of ids or a range (the
 * forwards a batch of reports names, the bot feed's next text) stays unnamed and is planned for its
 * parameters on every call: its generic plan, made while the table was small, would scan the whole
 * table once it has grown, until its statistics change (and nothing changes them with autovacuum
 * off). A session that runs only such statements opens with `PLAN_EACH_CALL` instead (the outbox
 * relay's). Opt-in, for statements that name their columns: a `SELECT *` prepared before a migration
 * adds a column fails with "cached plan must not change result type" on a replica still running the
 * old code.
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
