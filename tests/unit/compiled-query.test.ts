import { sql } from "kysely";
import { describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { compiledOnce } from "~/utils/compiled-query.server";
import { createParticipant } from "../factories";

// Queries run on every signed-in request are built and compiled once, then run with each call's
// values (app/utils/compiled-query.server.ts, issue 22).

describe("compiledOnce", () => {
  test("compiles once and answers each call with its own values, the query's own values kept", async () => {
    const ana = await createParticipant({ name: "Ana Compilada Ruiz" });
    const beto = await createParticipant({ name: "Beto Compilado Paz" });
    let builds = 0;
    const named = compiledOnce((database, id: number, pattern: string) => {
      builds += 1;
      return database
        .selectFrom("participants")
        .select(["id", "name"])
        .where("id", "=", id)
        .where("name", "like", pattern)
        .where("email", "!=", "nadie@ejemplo.mx")
        .limit(5);
    });
    expect(await named(db, ana.id, "Ana%")).toEqual([{ id: ana.id, name: "Ana Compilada Ruiz" }]);
    expect(await named(db, beto.id, "Beto%")).toEqual([{ id: beto.id, name: "Beto Compilado Paz" }]);
    expect(await named(db, beto.id, "Ana%")).toEqual([]);
    expect(builds).toBe(1);
  });

  test("inside a transaction, on the transaction's connection", async () => {
    const carla = await createParticipant({ name: "Carla Transacción Mora" });
    const nameOf = compiledOnce((database, id: number) => database.selectFrom("participants").select("name").where("id", "=", id));
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("participants").set({ name: "Carla Renombrada" }).where("id", "=", carla.id).execute();
      expect(await nameOf(trx, carla.id)).toEqual([{ name: "Carla Renombrada" }]);
    });
  });

  test("a query that looks at its values, changes them or writes them into the SQL is refused at its first call", async () => {
    const changed = compiledOnce((database, name: string) => database.selectFrom("participants").select("id").where("name", "like", `%${name}%`));
    await expect(changed(db, "Ana")).rejects.toThrow(/changed before it reached the query/);
    const unused = compiledOnce((database, _id: number) => database.selectFrom("participants").select("id").where("id", "=", 1));
    await expect(unused(db, 7)).rejects.toThrow(/value 1 of 1 never reached/);
    const inlined = compiledOnce((database, name: string) =>
      database
        .selectFrom("participants")
        .select("id")
        .where(sql<boolean>`name = ${sql.lit(name)}`),
    );
    await expect(inlined(db, "Ana")).rejects.toThrow(/written into the SQL itself/);
  });
});
