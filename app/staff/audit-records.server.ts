import type { Kysely } from "kysely";
import { DOCUMENT_KIND_LABELS } from "~/accounts/documents";
import type { DB } from "~/db.server";
import type { AuditRecordRef } from "./audit-entry";

/**
 * The names and staff pages of the records a page of the Bitácora mentions: one query per kind of
 * record present on the page, by primary key (IN …), so a page costs the same at any size of the
 * log. A record that no longer exists gets no entry (the sentence then uses the name the row kept).
 */

type Lookup = (db: Kysely<DB>, ids: string[]) => Promise<[string, AuditRecordRef][]>;

const numeric = (ids: string[]) => ids.filter((id) => /^\d{1,15}$/.test(id)).map(Number);
const lowerFirst = (words: string) => words.charAt(0).toLowerCase() + words.slice(1);

async function enrolmentPhrases(db: Kysely<DB>, enrolmentIds: number[]): Promise<Map<number, AuditRecordRef>> {
  if (enrolmentIds.length === 0) return new Map();
  const rows = await db
    .selectFrom("enrolments as e")
    .innerJoin("participants as p", "p.id", "e.participant_id")
    .innerJoin("courses as c", "c.course_id", "e.course_id")
    .select(["e.id", "p.name", "c.course_name"])
    .where("e.id", "in", enrolmentIds)
    .execute();
  return new Map(rows.map((row) => [row.id, { phrase: `la inscripción de ${row.name} a «${row.course_name}»`, href: `/admin/pagos/${row.id}` }]));
}

async function donationPhrases(db: Kysely<DB>, donationIds: number[]): Promise<Map<number, AuditRecordRef>> {
  if (donationIds.length === 0) return new Map();
  const rows = await db.selectFrom("donations").select(["id", "donor_name"]).where("id", "in", donationIds).execute();
  return new Map(rows.map((row) => [row.id, { phrase: `el donativo de ${row.donor_name}`, href: `/admin/donativos/${row.id}` }]));
}

/** A payment's or refund's record: the enrolment or the donation it belongs to. */
async function byEnrolmentOrDonation(db: Kysely<DB>, rows: { id: number; enrolment_id: number | null; donation_id: number | null }[]) {
  const enrolments = await enrolmentPhrases(
    db,
    rows.flatMap((row) => (row.enrolment_id === null ? [] : [row.enrolment_id])),
  );
  const donations = await donationPhrases(
    db,
    rows.flatMap((row) => (row.donation_id === null ? [] : [row.donation_id])),
  );
  return rows.flatMap((row): [string, AuditRecordRef][] => {
    const ref = row.enrolment_id !== null ? enrolments.get(row.enrolment_id) : row.donation_id !== null ? donations.get(row.donation_id) : undefined;
    return ref ? [[String(row.id), ref]] : [];
  });
}

const LOOKUPS: Record<string, Lookup> = {
  content_page: async (db, ids) =>
    (await db.selectFrom("content_pages").select(["id", "title"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.title, href: `/admin/contenido/${row.id}` },
    ]),
  department_page: async (db, ids) =>
    (await db.selectFrom("department_pages").select(["id", "title"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.title, href: `/admin/contenido/departamentos/${row.id}` },
    ]),
  research_unit: async (db, ids) =>
    (await db.selectFrom("research_units").select(["id", "name"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.name, href: `/admin/contenido/investigacion/${row.id}` },
    ]),
  profile_page: async (db, ids) =>
    (await db.selectFrom("profile_pages").select(["id", "page_title"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.page_title, href: `/admin/contenido/perfiles/${row.id}` },
    ]),
  banner: async (db, ids) =>
    (await db.selectFrom("banners").select(["id", "title", "alt_text"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.title || row.alt_text, href: `/admin/banners/${row.id}` },
    ]),
  gallery_image: async (db, ids) =>
    (await db.selectFrom("gallery_items").select(["id", "gallery", "title"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.title, href: `/admin/galerias/${row.gallery}/${row.id}` },
    ]),
  gallery: async (db, ids) =>
    (
      await db
        .selectFrom("galleries")
        .select(["name", "title"])
        .where("name", "in", ids as DB["galleries"]["name"][])
        .execute()
    ).map((row) => [row.name, { name: row.title, href: `/admin/galerias/${row.name}/textos` }]),
  menu_link: async (db, ids) =>
    (await db.selectFrom("menu_links").select(["id", "label"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.label, href: `/admin/menus/${row.id}` },
    ]),
  direction_node: async (db, ids) =>
    (await db.selectFrom("direction_nodes").select(["id", "name"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.name, href: `/admin/direcciones/${row.id}` },
    ]),
  document_collection: async (db, ids) =>
    (await db.selectFrom("document_collections").select(["key", "title"]).where("key", "in", ids).execute()).map((row) => [
      row.key,
      { name: row.title, href: `/admin/documentos/${encodeURIComponent(row.key)}` },
    ]),
  document_group: async (db, ids) =>
    (await db.selectFrom("document_groups").select(["id", "title", "collection_key"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.title, href: `/admin/documentos/${encodeURIComponent(row.collection_key)}` },
    ]),
  document_item: async (db, ids) =>
    (
      await db
        .selectFrom("document_items as i")
        .innerJoin("document_groups as g", "g.id", "i.group_id")
        .select(["i.id", "i.title", "g.collection_key"])
        .where("i.id", "in", numeric(ids))
        .execute()
    ).map((row) => [String(row.id), { name: row.title, href: `/admin/documentos/${encodeURIComponent(row.collection_key)}/${row.id}` }]),
  library_panel: async (db, ids) =>
    (
      await db
        .selectFrom("library_panels")
        .select(["id", "label"])
        .where("id", "in", ids as DB["library_panels"]["id"][])
        .execute()
    ).map((row) => [row.id, { name: row.label, href: `/admin/hemerobiblioteca/${row.id}` }]),
  staff_member: async (db, ids) =>
    (await db.selectFrom("staff_members").select(["id", "name"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { name: row.name, href: "/admin/personal" },
    ]),
  course: async (db, ids) =>
    (await db.selectFrom("courses").select(["course_id", "course_name"]).where("course_id", "in", numeric(ids)).execute()).map((row) => [
      String(row.course_id),
      { name: row.course_name, href: `/admin/cursos/${row.course_id}` },
    ]),
  constancia: async (db, ids) =>
    (
      await db
        .selectFrom("constancias as c")
        .innerJoin("enrolments as e", "e.id", "c.enrolment_id")
        .select(["c.folio", "c.participant_name", "e.course_id"])
        .where("c.folio", "in", ids)
        .execute()
    ).map((row) => [
      row.folio,
      { phrase: `la constancia ${row.folio} de ${row.participant_name}`, href: `/admin/cursos/${row.course_id}/constancias` },
    ]),
  enrolment: async (db, ids) => [...(await enrolmentPhrases(db, numeric(ids)))].map(([id, ref]) => [String(id), ref]),
  offline_payment: async (db, ids) => {
    const rows = await db.selectFrom("offline_payments").select(["id", "enrolment_id"]).where("id", "in", numeric(ids)).execute();
    return byEnrolmentOrDonation(
      db,
      rows.map((row) => ({ ...row, donation_id: null })),
    );
  },
  payment_attempt: async (db, ids) =>
    byEnrolmentOrDonation(
      db,
      await db.selectFrom("payment_attempts").select(["id", "enrolment_id", "donation_id"]).where("id", "in", numeric(ids)).execute(),
    ),
  refund: async (db, ids) =>
    byEnrolmentOrDonation(db, await db.selectFrom("refunds").select(["id", "enrolment_id", "donation_id"]).where("id", "in", numeric(ids)).execute()),
  participant_document: async (db, ids) =>
    (
      await db
        .selectFrom("participant_documents as d")
        .innerJoin("participants as p", "p.id", "d.participant_id")
        .select(["d.id", "d.kind", "p.id as participant_id", "p.name"])
        .where("d.id", "in", numeric(ids))
        .execute()
    ).map((row) => [
      String(row.id),
      // The participant's page, not the document's own address (opening that is itself audited).
      { phrase: `la ${lowerFirst(DOCUMENT_KIND_LABELS[row.kind])} de ${row.name}`, href: `/admin/estudiantes/${row.participant_id}` },
    ]),
  donation: async (db, ids) => {
    const found: [string, AuditRecordRef][] = [...(await donationPhrases(db, numeric(ids)))].map(([id, ref]) => [String(id), ref]);
    if (ids.includes("lista")) found.push(["lista", { phrase: "la lista de donativos", href: "/admin/donativos" }]);
    return found;
  },
  invoice_request: async (db, ids) =>
    (await db.selectFrom("invoice_requests").select(["id", "legal_name"]).where("id", "in", numeric(ids)).execute()).map((row) => [
      String(row.id),
      { phrase: `la solicitud de factura de ${row.legal_name}`, href: "/admin/facturas" },
    ]),
  ledger: async () => [["lista", { phrase: "el libro de pagos", href: "/admin/pagos" }]],
};

/** The records a page of rows mentions, keyed `${entity}:${entityId}`. */
export async function findAuditRecords(
  db: Kysely<DB>,
  rows: readonly { entity: string; entityId: string | null; after: string | null }[],
): Promise<Map<string, AuditRecordRef>> {
  const idsByEntity = new Map<string, Set<string>>();
  const found = new Map<string, AuditRecordRef>();
  for (const row of rows) {
    if (row.entity === "site_settings") found.set(`${row.entity}:${row.entityId}`, { phrase: "los ajustes del sitio", href: "/admin/ajustes" });
    if (row.entity === "payment_report_upload" && row.entityId) {
      found.set(`${row.entity}:${row.entityId}`, { href: `/admin/conciliacion?reporte=${encodeURIComponent(row.entityId)}` });
    }
    if (row.entity === "payment_report" && row.entityId) {
      const fileId = (() => {
        try {
          const after = JSON.parse(row.after ?? "null") as { file_id?: unknown } | null;
          return typeof after?.file_id === "string" ? after.file_id : null;
        } catch {
          return null;
        }
      })();
      found.set(`${row.entity}:${row.entityId}`, {
        href: fileId ? `/admin/conciliacion?reporte=${encodeURIComponent(fileId)}` : "/admin/conciliacion",
      });
    }
    if (row.entityId === null || !Object.hasOwn(LOOKUPS, row.entity)) continue;
    const ids = idsByEntity.get(row.entity) ?? new Set<string>();
    ids.add(row.entityId);
    idsByEntity.set(row.entity, ids);
  }
  for (const [entity, ids] of idsByEntity) {
    for (const [id, ref] of await LOOKUPS[entity]!(db, [...ids])) found.set(`${entity}:${id}`, ref);
  }
  return found;
}
