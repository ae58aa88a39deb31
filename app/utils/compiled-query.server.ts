import type { Compilable, CompiledQuery, Kysely } from "kysely";
import type { DB } from "~/db.server";

/** A value a compiled query is run with: bound as one SQLite parameter. */
export type QueryValue = string | number | bigint | null;

interface Template {
  sql: string;
  query: CompiledQuery["query"];
  queryId: CompiledQuery["queryId"];
  /** Each parameter of the SQL: one of the call's values (its index), or a value of the query itself. */
  slots: ({ arg: number } | { constant: unknown })[];
}

/**
 * A query that runs on every signed-in request, built and compiled by Kysely once and then run
 * with each call's values: building and compiling the ten queries of a signed-in `/profile` every
 * time was about a tenth of its CPU (issue 22). Reads like a query function:
 *
 *   const participantById = compiledOnce((db, id: number) =>
 *     db.selectFrom("participants").select(["id", "name"]).where("id", "=", id));
 *   const rows = await participantById(db, user.id);
 *
 * `build` is called once per database with stand-ins for the values: it must hand each one to
 * Kysely untouched as a value (a `where`, a `limit`…), never look at it, compare it or put it in a
 * list. The first call checks that every stand-in reached the compiled SQL's parameters as a whole
 * parameter, and throws otherwise, so a query that breaks the rule fails in every test that runs it.
 */
export function compiledOnce<Args extends QueryValue[], Row>(
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
): (database: Kysely<DB>, ...args: Args) => Promise<Row[]> {
  const templates = new WeakMap<Kysely<DB>, Template>();
  return async (database, ...args) => {
    let template = templates.get(database);
    if (template === undefined) {
      template = compileTemplate(database, build, args.length);
      templates.set(database, template);
    }
    const parameters = template.slots.map((slot) => ("arg" in slot ? args[slot.arg] : slot.constant));
    const result = await database.executeQuery<Row>({ sql: template.sql, query: template.query, queryId: template.queryId, parameters });
    return result.rows;
  };
}

function compileTemplate<Args extends QueryValue[], Row>(
  database: Kysely<DB>,
  build: (db: Kysely<DB>, ...args: Args) => Compilable<Row>,
  count: number,
): Template {
  const mark = `\u0000compiledOnce:${Math.random().toString(36).slice(2)}:`;
  const standIns = Array.from({ length: count }, (_, index) => `${mark}${index}\u0000`);
  const compiled = build(database, ...(standIns as unknown as Args)).compile();
  if (compiled.sql.includes(mark)) throw new Error(`compiledOnce: a value was written into the SQL itself: ${compiled.sql}`);
  const seen = new Set<number>();
  const slots = compiled.parameters.map((parameter): Template["slots"][number] => {
    if (typeof parameter !== "string" || !parameter.includes(mark)) return { constant: parameter };
    const arg = standIns.indexOf(parameter);
    if (arg < 0) throw new Error(`compiledOnce: a value was changed before it reached the query (${JSON.stringify(parameter)})`);
    seen.add(arg);
    return { arg };
  });
  const unused = standIns.findIndex((_, index) => !seen.has(index));
  if (unused >= 0) throw new Error(`compiledOnce: value ${unused + 1} of ${count} never reached the query's parameters: ${compiled.sql}`);
  return { sql: compiled.sql, query: compiled.query, queryId: compiled.queryId, slots };
}
