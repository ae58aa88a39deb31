import { describe, expect, test } from "vitest";
import { EDITABLE_SETTINGS } from "~/settings/settings-editor.server";
import { describeAuditEntry, formatAuditValue, type AuditRow } from "~/staff/audit-entry";
import {
  AUDIT_ACTIONS,
  AUDIT_ENTITIES,
  actionInfo,
  auditFilterChoices,
  entityInfo,
  fieldLabel,
  hasFieldLabel,
  readableKey,
} from "~/staff/audit-registry";
import { collectAuditCodes } from "../support/audit-codes";

// The Bitácora's words (issue 21): every code `recordAudit` can write anywhere in app/ has a
// Spanish label in app/staff/audit-registry.ts, read from the code with the TypeScript checker
// (wrappers, ternaries, constants and template literals included), so a new code fails here.
describe("the audit registry covers the code base", () => {
  const codes = collectAuditCodes();

  test("every recordAudit call's codes can be read from the code", () => {
    expect(codes.calls).toBeGreaterThanOrEqual(30);
    expect(codes.unresolved).toEqual([]);
    // The reader follows wrappers: the Teaching office's `audit()` and the documents editor's.
    expect(codes.actions).toContain("asistencia.exportar");
    expect(codes.actions).toContain("document.replace_file");
    // …template literals over the record kinds, and `??` per call of scheduledPublisher.
    expect(codes.actions).toContain("research_unit.restore");
    expect(codes.actions).toContain("page.publish_scheduled");
    expect(codes.actions).not.toContain("content_page.publish_scheduled");
  });

  test("every action code has a Spanish label, a verb and a known kind of record", () => {
    const missing = [...codes.actions].filter((action) => !actionInfo(action)).sort();
    expect(missing, `actions without a label in app/staff/audit-registry.ts: ${missing.join(", ")}`).toEqual([]);
    for (const [action, info] of Object.entries(AUDIT_ACTIONS)) {
      expect(entityInfo(info.entity), `${action} names an unknown entity ${info.entity}`).toBeDefined();
      expect(info.label).toMatch(/^[A-ZÁÉÍÓÚÑ][^_]*$/);
    }
  });

  test("every entity code has a Spanish label", () => {
    const missing = [...codes.entities].filter((entity) => !entityInfo(entity)).sort();
    expect(missing, `entities without a label in app/staff/audit-registry.ts: ${missing.join(", ")}`).toEqual([]);
    for (const info of Object.values(AUDIT_ENTITIES)) expect(info.label).not.toMatch(/_/);
  });

  test("every field the code puts in before/after has a Spanish label", () => {
    const missing = [...codes.fields].flatMap(([field, entities]) =>
      [...(entities.size ? entities : new Set([""]))].filter((entity) => !hasFieldLabel(entity, field)).map((entity) => `${entity}.${field}`),
    );
    expect(missing.sort()).toEqual([]);
    // settings.update keeps the changed settings by key (Object.fromEntries, invisible to the reader).
    expect(EDITABLE_SETTINGS.filter((key) => !hasFieldLabel("site_settings", key))).toEqual([]);
  });
});

describe("labels and values in words", () => {
  test("an unknown field reads as words, a known one in Spanish", () => {
    expect(readableKey("course_start_date")).toBe("Course start date");
    expect(readableKey("publishAt")).toBe("Publish at");
    expect(fieldLabel("content_page", "publishAt")).toBe("Publicación programada");
    expect(fieldLabel("menu_link", "label")).toBe("Texto del enlace");
    expect(fieldLabel("library_panel", "label")).toBe("Nombre del apartado");
    expect(fieldLabel("course", "some_new_field")).toBe("Some new field");
  });

  test("values: money, dates in Mexico City, roles, statuses by kind, secrets never", () => {
    expect(formatAuditValue("offline_payment", "amount_centavos", 120_000)).toBe("$1,200.00");
    expect(formatAuditValue("banner", "visibleFrom", "2026-03-04T06:00:00.000Z")).toBe("4 mar 2026, 00:00");
    expect(formatAuditValue("course", "course_start_date", "2026-03-04")).toMatch(/^4 mar 2026$/);
    expect(formatAuditValue("staff_member", "role", "comunicacion")).toBe("Comunicación");
    expect(formatAuditValue("enrolment", "status", "confirmada")).toBe("Confirmada");
    expect(formatAuditValue("payment_attempt", "status", "approved")).toBe("Aprobado");
    expect(formatAuditValue("staff_member", "password_hash", "scrypt$abc")).toBe("(no se muestra)");
    expect(formatAuditValue("course", "course_password", "(definida)")).toBe("(no se muestra)");
    expect(formatAuditValue("banner", "visible", true)).toBe("Sí");
    expect(formatAuditValue("ledger", "filters", { from: "2026-03-01", status: "aprobado" })).toBe("Desde: 1 mar 2026; Estado: Aprobado");
  });

  test("the filters offer words only, each action under its kind of record", () => {
    const { entities, actionGroups } = auditFilterChoices();
    const words = [
      ...entities.map((entity) => entity.label),
      ...actionGroups.flatMap((group) => [group.label, ...group.options.map((option) => option.label)]),
    ];
    for (const label of words) expect(label, label).not.toMatch(/[a-z]_[a-z]|^[a-z_]+\.[a-z_]+$/);
    expect(entities.find((entity) => entity.value === "content_page")?.label).toBe("Páginas de información");
    const pages = actionGroups.find((group) => group.label === "Páginas de información");
    expect(pages?.options).toContainEqual({ value: "page.restore", label: "Restaurar una versión de una página" });
  });
});

describe("an entry as a sentence", () => {
  const row = (overrides: Partial<AuditRow>): AuditRow => ({
    id: 1,
    actorStaffId: 3,
    actorName: "Ana Pérez",
    actorEmail: "ana@himfg.test",
    actorRole: "comunicacion",
    action: "page.restore",
    entity: "content_page",
    entityId: "7",
    before: JSON.stringify({ title: "Daño cero" }),
    after: JSON.stringify({ title: "Daño Cero", restoredFrom: 1, revision: 4 }),
    requestId: "req-1",
    createdAt: "2026-03-03T19:20:31.123Z",
    ...overrides,
  });

  test("who, did what, to which record, when; the changes without what the sentence says", () => {
    const entry = describeAuditEntry(row({}), { name: "Daño Cero", href: "/admin/contenido/7" });
    expect(entry.sentence).toBe("Ana Pérez (Comunicación) restauró la versión 1 de la página «Daño Cero» (versión 4).");
    expect(entry.record).toEqual({ text: "la página «Daño Cero»", href: "/admin/contenido/7" });
    expect(entry.when).toBe("3 mar 2026, 13:20:31");
    expect(entry.changes).toEqual([{ field: "Título", before: { text: "Daño cero", full: null }, after: { text: "Daño Cero", full: null } }]);
  });

  test("Spanish contractions, the system, a removed record named from its row, long texts shortened", () => {
    const exported = describeAuditEntry(
      row({ action: "asistencia.exportar", entity: "course", entityId: "9", before: null, after: JSON.stringify({ format: "xlsx", rows: 12 }) }),
      { name: "Pediatría 2026", href: "/admin/cursos/9" },
    );
    expect(exported.sentence).toBe("Ana Pérez (Comunicación) exportó la lista de asistencia del curso «Pediatría 2026» (XLSX, 12 filas).");
    expect(exported.changes).toEqual([]);

    const published = describeAuditEntry(
      row({
        actorStaffId: null,
        actorName: null,
        actorEmail: null,
        actorRole: null,
        action: "page.publish_scheduled",
        after: JSON.stringify({ status: "publicada" }),
      }),
      { name: "Daño Cero" },
    );
    expect(published.sentence).toBe("El sistema publicó, a la hora programada, la página «Daño Cero».");

    const removed = describeAuditEntry(
      row({
        action: "menu_link.delete",
        entity: "menu_link",
        entityId: "4",
        before: JSON.stringify({ menu: "pie", label: "Aviso", href: "/aviso", position: 3 }),
        after: null,
      }),
      undefined,
    );
    expect(removed.sentence).toBe("Ana Pérez (Comunicación) quitó el enlace «Aviso» del pie de página.");
    expect(removed.changes.map((change) => change.field)).toEqual(["Texto del enlace", "Destino", "Orden"]);

    const body = "## Sedes\n\n" + "La jornada se realiza en el auditorio principal del hospital. ".repeat(20);
    const edited = describeAuditEntry(
      row({ action: "page.update", before: JSON.stringify({ body: "Antes" }), after: JSON.stringify({ body }) }),
      undefined,
    );
    expect(edited.sentence).toBe("Ana Pérez (Comunicación) editó la página núm. 7.");
    const change = edited.changes[0]!;
    expect(change.field).toBe("Contenido");
    expect(change.after!.text.length).toBeLessThanOrEqual(61);
    expect(change.after!.text.endsWith("…")).toBe(true);
    expect(change.after!.full).toBe(body);
    // The technical data keeps the start of a long text only (the list of changes has it whole).
    expect(edited.raw).not.toContain(body.slice(10, 410));
    expect(edited.raw).toContain(`… (${body.length.toLocaleString("es-MX")} caracteres)`);
  });

  test("secrets never reach the view, not even the technical data", () => {
    const entry = describeAuditEntry(
      row({
        action: "staff.setup",
        entity: "staff_member",
        entityId: "3",
        before: JSON.stringify({ status: "invitada" }),
        after: JSON.stringify({ status: "activa", password_hash: "scrypt$secreto", totp_secret: "JBSWY3DPEHPK3PXP" }),
      }),
      { name: "Ana Pérez" },
    );
    expect(entry.sentence).toBe("Ana Pérez (Comunicación) configuró su acceso al área del personal (contraseña y segundo paso).");
    const text = JSON.stringify(entry);
    expect(text).not.toContain("scrypt$secreto");
    expect(text).not.toContain("JBSWY3DPEHPK3PXP");
    expect(entry.changes).toContainEqual({ field: "Estado", before: { text: "Invitada", full: null }, after: { text: "Activa", full: null } });
  });
});
