import { describe, expect, test } from "vitest";
import { addMenuLink } from "~/content/menus.server";
import { db } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import { requireStaff } from "~/staff/guard.server";
import { createSignedInStaff } from "../factories";

// Issue 24: the request id of the log line (X-Request-Id, the «Folio de error») is on the audit
// row of every staff change, found from the staff member requireStaff returned for that request,
// not handed down by each caller.
async function staffRequest(cookie: string, requestId: string) {
  return new Request("http://localhost/admin/menus", { headers: { cookie, "x-request-id": requestId } });
}

async function auditRow(id: number) {
  return db.selectFrom("audit_log").select(["request_id", "actor_staff_id"]).where("id", "=", id).executeTakeFirstOrThrow();
}

describe("the request id on audit rows", () => {
  test("a change by the staff member requireStaff returned carries that request's id, unpassed", async () => {
    const { cookie, user } = await createSignedInStaff(db, "comunicacion");
    const actor = await requireStaff(await staffRequest(cookie, "folio-prueba-0001"), ["comunicacion"]);
    const added = await addMenuLink(db, { menu: "pie", label: "Prueba de folio", href: "/folio", position: 99 }, actor, null);
    const row = await db
      .selectFrom("audit_log")
      .select(["request_id", "actor_staff_id"])
      .where("entity", "=", "menu_link")
      .where("entity_id", "=", String(added.id))
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ request_id: "folio-prueba-0001", actor_staff_id: user.id });

    const direct = await recordAudit(db, { actor, action: "menu_link.create", entity: "menu_link", entityId: added.id });
    expect((await auditRow(direct)).request_id).toBe("folio-prueba-0001");
  });

  test("each request's staff object keeps its own id; an id given by the caller wins", async () => {
    const { cookie } = await createSignedInStaff(db, "comunicacion");
    const first = await requireStaff(await staffRequest(cookie, "folio-primero-0001"), ["comunicacion"]);
    const second = await requireStaff(await staffRequest(cookie, "folio-segundo-0002"), ["comunicacion"]);
    const a = await recordAudit(db, { actor: first, action: "menu_link.create", entity: "menu_link", entityId: 1 });
    const b = await recordAudit(db, { actor: second, action: "menu_link.create", entity: "menu_link", entityId: 1 });
    const given = await recordAudit(db, {
      actor: second,
      action: "menu_link.create",
      entity: "menu_link",
      entityId: 1,
      requestId: "dado-por-quien-llama",
    });
    const cli = await recordAudit(db, { actor: null, action: "staff.invite", entity: "staff_member", entityId: 1 });
    expect((await auditRow(a)).request_id).toBe("folio-primero-0001");
    expect((await auditRow(b)).request_id).toBe("folio-segundo-0002");
    expect((await auditRow(given)).request_id).toBe("dado-por-quien-llama");
    expect((await auditRow(cli)).request_id).toBeNull();
  });
});
