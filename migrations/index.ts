import type { Migration } from "kysely";
import * as m0001 from "./0001-foundation";

/**
 * The numbered migrations, in order. Append a new file and a line here; never edit a
 * migration that has landed. They are listed statically (not read from the folder) so the
 * same list works in the server bundle, under tsx and in tests.
 */
export const migrations: Record<string, Migration> = {
  "0001-foundation": m0001,
};
