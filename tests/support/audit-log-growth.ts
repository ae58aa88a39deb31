import { sql, type Kysely } from "kysely";
import type { DB, StaffRoleColumn } from "~/db.server";

/**
 * Grows a test database's audit log to the size issue 22 measures at (100× the demo: 200,000
 * rows), deterministically (a seeded generator, fixed dates): twelve staff members by role, each
 * writing the actions of their role, scheduled publications with no actor, realistic before/after
 * (long Markdown bodies on page edits, course snapshots, exports with filters). Rows go in with
 * increasing created_at, as the log is written, a few hundred a statement in one transaction.
 */

/** mulberry32: small, fast and the same on every machine. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STAFF: { name: string; role: StaffRoleColumn }[] = [
  { name: "Ana Pérez", role: "comunicacion" },
  { name: "Beatriz Luna", role: "comunicacion" },
  { name: "Carlos Díaz", role: "comunicacion" },
  { name: "Diana Torres", role: "ensenanza" },
  { name: "Eduardo Ríos", role: "ensenanza" },
  { name: "Fernanda Gil", role: "ensenanza" },
  { name: "Gabriel Mora", role: "ensenanza" },
  { name: "Hilda Ortega", role: "finanzas" },
  { name: "Iván Salas", role: "finanzas" },
  { name: "Julia Campos", role: "finanzas" },
  { name: "Karla Núñez", role: "admin" },
  { name: "Luis Vega", role: "admin" },
];

const BODY = "## Sedes\n\nLa jornada se realiza en el auditorio principal del hospital, con transmisión en línea. ";

type Make = (random: () => number) => { action: string; entity: string; entityId: string; before: unknown; after: unknown };
const pick = <T>(random: () => number, list: readonly T[]) => list[Math.floor(random() * list.length)]!;
const id = (random: () => number, max: number) => String(1 + Math.floor(random() * max));

/** What each role writes, with how often (weights). */
const ACTIONS: Record<StaffRoleColumn | "system", [number, Make][]> = {
  comunicacion: [
    [
      30,
      (r) => ({
        action: "page.update",
        entity: "content_page",
        entityId: id(r, 5000),
        before: { body: BODY.repeat(8) },
        after: { body: BODY.repeat(9), revision: 3 },
      }),
    ],
    [
      6,
      (r) => ({
        action: "page.restore",
        entity: "content_page",
        entityId: id(r, 5000),
        before: { title: "Daño cero" },
        after: { title: "Daño Cero", restoredFrom: 1, revision: 5 },
      }),
    ],
    [
      4,
      (r) => ({
        action: "page.create",
        entity: "content_page",
        entityId: id(r, 5000),
        before: null,
        after: { path: "/nueva", title: "Nueva página", summary: "Resumen", body: BODY.repeat(4), status: "borrador", publishAt: null },
      }),
    ],
    [
      8,
      (r) => ({
        action: "department_page.update",
        entity: "department_page",
        entityId: id(r, 200),
        before: { summary: "Antes" },
        after: { summary: "Después", revision: 2 },
      }),
    ],
    [5, (r) => ({ action: "banner.move", entity: "banner", entityId: id(r, 30), before: { order: [1, 2, 3] }, after: { order: [2, 1, 3] } })],
    [
      5,
      (r) => ({
        action: "gallery_image.update",
        entity: "gallery_image",
        entityId: id(r, 400),
        before: { title: "Antes", caption: "Pie" },
        after: { title: "Después", caption: "Pie" },
      }),
    ],
    [
      5,
      (r) => ({
        action: "document.upload",
        entity: "document_item",
        entityId: id(r, 3000),
        before: null,
        after: { collection: "yearbooks", group: "2025", title: "Anuario", bytes: 120_000 },
      }),
    ],
    [2, (r) => ({ action: "menu_link.update", entity: "menu_link", entityId: id(r, 40), before: { label: "Antes" }, after: { label: "Después" } })],
    [
      2,
      (r) => ({
        action: "library_panel.update",
        entity: "library_panel",
        entityId: pick(r, ["reglamento", "servicios", "contacto"]),
        before: { body: BODY },
        after: { body: BODY.repeat(2) },
      }),
    ],
  ],
  ensenanza: [
    [
      30,
      (r) => ({
        action: "documento.ver",
        entity: "participant_document",
        entityId: id(r, 80_000),
        before: null,
        after: { participant_id: Number(id(r, 50_000)), kind: "professional_license" },
      }),
    ],
    [
      20,
      (r) => ({
        action: pick(r, ["documento.aprobar", "documento.rechazar"]),
        entity: "participant_document",
        entityId: id(r, 80_000),
        before: { status: "pendiente" },
        after: { status: "aprobado", rejection_reason: null },
      }),
    ],
    [
      10,
      (r) => ({
        action: "inscripcion.confirmar_por_revision",
        entity: "enrolment",
        entityId: id(r, 100_000),
        before: { status: "pendiente_de_revision" },
        after: { status: "confirmada", modality: "presencial" },
      }),
    ],
    [
      6,
      (r) => ({
        action: "curso.editar",
        entity: "course",
        entityId: id(r, 2000),
        before: { course_name: "Curso", course_price: 150_000, venue: "Auditorio" },
        after: { course_name: "Curso", course_price: 180_000, venue: "Aula 3" },
      }),
    ],
    [
      4,
      (r) => ({
        action: "asistencia.exportar",
        entity: "course",
        entityId: id(r, 2000),
        before: null,
        after: { format: pick(r, ["csv", "xlsx"]), rows: Math.floor(r() * 300) },
      }),
    ],
    [
      4,
      (r) => ({
        action: "pago.registrar_fuera_de_linea",
        entity: "offline_payment",
        entityId: id(r, 20_000),
        before: null,
        after: { enrolment_id: Number(id(r, 100_000)), method: "transferencia", amount_centavos: 150_000, paid_on: "2026-03-02", reference: "TRF-1" },
      }),
    ],
    [
      2,
      (r) => ({
        action: "inscripcion.manual",
        entity: "enrolment",
        entityId: id(r, 100_000),
        before: null,
        after: { participant_id: 1, course_id: 2, modality: "presencial", status: "confirmada", reason: "Beca" },
      }),
    ],
  ],
  finanzas: [
    [
      20,
      (r) => ({
        action: "factura.marcar",
        entity: "invoice_request",
        entityId: id(r, 10_000),
        before: { cfdi_folio: null },
        after: { cfdi_folio: `A-${id(r, 99_999)}` },
      }),
    ],
    [
      10,
      (r) => ({
        action: "pagos.exportar",
        entity: "ledger",
        entityId: "lista",
        before: null,
        after: { format: "xlsx", filters: { from: "2026-03-01", to: "2026-03-31" }, rows: Math.floor(r() * 2000) },
      }),
    ],
    [10, (r) => ({ action: "donativo.archivo.ver", entity: "donation", entityId: id(r, 5000), before: null, after: { archivo: "carta" } })],
    [
      6,
      (r) => ({
        action: "pago.reembolsar",
        entity: "refund",
        entityId: id(r, 2000),
        before: { enrolment_status: "confirmada", refund: null },
        after: { enrolment_id: 5, amount_centavos: 150_000, reason: "Baja", enrolment_status: "cancelada" },
      }),
    ],
    [
      4,
      (r) => ({
        action: "pago.confirmar_manual",
        entity: "payment_attempt",
        entityId: id(r, 120_000),
        before: { status: "in_verification" },
        after: { status: "approved", referencia: "123456", codigo_aut: "A1B2C3" },
      }),
    ],
  ],
  admin: [
    [
      10,
      () => ({
        action: "settings.update",
        entity: "site_settings",
        entityId: "",
        before: { phone: "55 5228 9917" },
        after: { phone: "55 5228 9917 ext. 1234" },
      }),
    ],
    [
      5,
      (r) => ({
        action: "staff.role_change",
        entity: "staff_member",
        entityId: id(r, 12),
        before: { role: "ensenanza" },
        after: { role: "finanzas" },
      }),
    ],
    [
      5,
      (r) => ({
        action: "staff.invite",
        entity: "staff_member",
        entityId: id(r, 12),
        before: null,
        after: { email: "nueva@himfg.test", name: "Nueva", role: "comunicacion", status: "invitada" },
      }),
    ],
  ],
  system: [
    [
      1,
      (r) => ({
        action: "page.publish_scheduled",
        entity: "content_page",
        entityId: id(r, 5000),
        before: null,
        after: { status: "publicada", path: "/programada" },
      }),
    ],
  ],
};

/** Who writes how much of the log (the Teaching office reviews documents all day). */
const ROLE_SHARE: [number, StaffRoleColumn | "system"][] = [
  [30, "comunicacion"],
  [45, "ensenanza"],
  [17, "finanzas"],
  [3, "admin"],
  [5, "system"],
];

function weighted<T>(random: () => number, entries: readonly [number, T][]): T {
  const total = entries.reduce((sum, [weight]) => sum + weight, 0);
  let point = random() * total;
  for (const [weight, value] of entries) {
    point -= weight;
    if (point < 0) return value;
  }
  return entries[entries.length - 1]![1];
}

/**
 * Appends `count` rows from `start` (an ISO instant) on, `spacingMs` apart on average. Returns the
 * staff members' ids by name. Same seed, same rows.
 */
export async function growAuditLog(
  db: Kysely<DB>,
  { count = 200_000, seed = 22, start = "2023-07-01T12:00:00.000Z", spacingMs = 8 * 60_000 } = {},
): Promise<Map<string, number>> {
  const random = generator(seed);
  const staff = new Map<string, { id: number; email: string; role: StaffRoleColumn }>();
  for (const [index, member] of STAFF.entries()) {
    const email = `escala-${seed}-${index}@himfg.test`;
    const row = await db
      .insertInto("staff_members")
      .values({ email, name: member.name, role: member.role, status: "invitada" })
      .returning("id")
      .executeTakeFirstOrThrow();
    staff.set(member.name, { id: row.id, email, role: member.role });
  }
  const byRole = new Map<StaffRoleColumn, { id: number; email: string; role: StaffRoleColumn }[]>();
  for (const member of staff.values()) byRole.set(member.role, [...(byRole.get(member.role) ?? []), member]);

  let time = Date.parse(start);
  const BATCH = 400;
  await db.transaction().execute(async (trx) => {
    for (let done = 0; done < count; done += BATCH) {
      const rows = [];
      for (let index = 0; index < Math.min(BATCH, count - done); index += 1) {
        time += Math.max(1, Math.round(spacingMs * 2 * random()));
        const role = weighted(random, ROLE_SHARE);
        const actor = role === "system" ? null : pick(random, byRole.get(role)!);
        const made = weighted(random, ACTIONS[role])(random);
        rows.push({
          actor_staff_id: actor?.id ?? null,
          actor_email: actor?.email ?? null,
          actor_role: actor?.role ?? null,
          action: made.action,
          entity: made.entity,
          entity_id: made.entityId || null,
          before_json: made.before === null ? null : JSON.stringify(made.before),
          after_json: made.after === null ? null : JSON.stringify(made.after),
          request_id: `escala-${done + index}`,
          created_at: new Date(time).toISOString(),
        });
      }
      await trx.insertInto("audit_log").values(rows).execute();
    }
  });
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
  return new Map([...staff].map(([name, member]) => [name, member.id]));
}
