import type { Kysely } from "kysely";
import type { DB } from "../app/db.server";
import { buildDocx, buildPdf, buildXlsx, type DocumentContent } from "../app/documents/file-builders.server";
import { CONTENT_TYPES } from "../app/files/file-types";
import { storeFile } from "../app/files/files.server";
import documentsData from "./data/documents.json";
import { COLLECTION_INTROS_0025 } from "../migrations/0025-collection-intros";
import { drawPortalBanner } from "./gallery-art";

interface SeedDocument {
  title: string;
  fileType: string;
  year: number | null;
  sheet?: string;
}

interface SeedCollection {
  key: string;
  title: string;
  description: string | null;
  issuer: string;
  position: number;
  groups: { title: string; emptyMessage?: string; items: SeedDocument[] }[];
}

const DEMO_NOTE =
  "Versión de demostración generada por el sitio web del hospital. La versión oficial y vigente de este documento se publica en la Plataforma Nacional de Transparencia.";

// Legacy binary Office formats (.doc, .xls) are reissued in their Open XML successors: they open
// in every current office suite and, unlike the binary formats, can be generated and checked
// without a heavyweight library.
const OUTPUT_FORMAT: Record<string, "pdf" | "docx" | "xlsx"> = { pdf: "pdf", doc: "docx", docx: "docx", xls: "xlsx", xlsx: "xlsx" };

/** A readable Spanish file name from a title: keeps accents, drops characters file systems reject. */
export function fileNameFor(title: string, extension: string): string {
  const base = title

    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, " ")
    .replace(/\s+/g, " ")
    .replace(/[. ]+$/, "")
    .trim()
    .slice(0, 120)
    .trim();
  return `${base || "documento"}.${extension}`;
}

function paragraphsFor(collection: SeedCollection, group: string, doc: SeedDocument): string[] {
  const period = doc.year ? `Ejercicio ${doc.year}.` : "Documento vigente.";
  const byCollection: Record<string, string> = {
    "financial-accounting": `Información contable del hospital publicada por la ${collection.issuer} conforme a la Ley General de Contabilidad Gubernamental y a los lineamientos del Consejo Nacional de Armonización Contable (CONAC). ${period}`,
    "financial-budget": `Información presupuestaria sobre el ejercicio de los ingresos y egresos del hospital, publicada conforme a la Ley General de Contabilidad Gubernamental. ${period}`,
    "financial-programmatic": `Información programática: gasto por categoría programática y avance de los programas presupuestarios a cargo del hospital. ${period}`,
    "financial-lgcg-title-v":
      "Documento que da cumplimiento a las obligaciones de transparencia y difusión de la información financiera del título V de la Ley General de Contabilidad Gubernamental.",
    "financial-inventory": `Relación de bienes que integran el patrimonio del hospital (${group.toLowerCase()}). ${period}`,
    procurement:
      "Documento de la Subdirección de Recursos Materiales sobre la planeación y la gestión de las contrataciones públicas del hospital, conforme a la Ley de Adquisiciones, Arrendamientos y Servicios del Sector Público.",
    yearbooks: `Anuario estadístico ${doc.year ?? ""}: consultas, egresos hospitalarios, procedimientos quirúrgicos, indicadores de calidad, actividades de enseñanza y productividad científica del Hospital Infantil de México Federico Gómez.`,
    "research-calls":
      "Convocatoria y resultados del financiamiento de proyectos de investigación para la salud con fondos federales, publicados por la Dirección de Investigación.",
    "general-direction":
      "Documento de planeación institucional de la Dirección General: objetivos, estrategias, metas y avance de resultados del hospital.",
    archives: `Documento del Sistema Institucional de Archivos del hospital, apartado «${group}», conforme a la Ley General de Archivos.`,
  };
  return [byCollection[collection.key] ?? `${collection.title}. ${period}`, DEMO_NOTE];
}

function buildFile(collection: SeedCollection, group: string, doc: SeedDocument) {
  const format = OUTPUT_FORMAT[doc.fileType] ?? "pdf";
  const content: DocumentContent = {
    title: doc.title,
    issuer: collection.issuer,
    paragraphs: paragraphsFor(collection, group, doc),
    date: `${doc.year ?? 2024}-12-31`,
  };
  if (format === "docx") return { format, data: buildDocx(content) };
  if (format === "xlsx") {
    const procurement = doc.sheet === "procurement";
    return {
      format,
      data: buildXlsx({
        ...content,
        sheetName: procurement ? "Programa anual" : "Inventario",
        columns: procurement
          ? ["Partida", "Concepto", "Procedimiento previsto", "Trimestre"]
          : ["Clave", "Descripción del bien", "Área de resguardo", "Estado"],
        rows: procurement
          ? [
              [25301, "Medicinas y productos farmacéuticos", "Licitación pública", "1.º"],
              [25401, "Materiales, accesorios y suministros médicos", "Licitación pública", "1.º"],
              [21401, "Materiales y útiles consumibles de tecnologías de la información", "Invitación a cuando menos tres personas", "2.º"],
              [35401, "Mantenimiento de equipo e instrumental médico", "Adjudicación directa", "3.º"],
            ]
          : [
              ["BM-0001", "Monitor de signos vitales pediátrico", "Terapia intensiva", "En uso"],
              ["BM-0002", "Incubadora de traslado neonatal", "Neonatología", "En uso"],
              ["BM-0003", "Equipo de cómputo de escritorio", "Hemerobiblioteca", "En uso"],
            ],
      }),
    };
  }
  return { format, data: buildPdf(content) };
}

/** Transparency, procurement, yearbooks, research calls, general direction and archives, as real files. */
export async function seedDocuments(trx: Kysely<DB>) {
  for (const collection of documentsData.collections as SeedCollection[]) {
    await trx
      .insertInto("document_collections")
      .values({
        key: collection.key,
        title: collection.title,
        description: collection.description,
        intro: COLLECTION_INTROS_0025[collection.key] ?? null,
        position: collection.position,
      })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    for (const [groupPosition, group] of collection.groups.entries()) {
      const existing = await trx
        .selectFrom("document_groups")
        .select("id")
        .where("collection_key", "=", collection.key)
        .where("title", "=", group.title)
        .executeTakeFirst();
      if (existing) continue;
      const { id: groupId } = await trx
        .insertInto("document_groups")
        .values({ collection_key: collection.key, title: group.title, empty_message: group.emptyMessage ?? null, position: groupPosition })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [position, doc] of group.items.entries()) {
        const { format, data } = buildFile(collection, group.title, doc);
        const fileId = await storeFile(trx, { fileName: fileNameFor(doc.title, format), contentType: CONTENT_TYPES[format]!, data }, "public");
        await trx.insertInto("document_items").values({ group_id: groupId, title: doc.title, file_id: fileId, position }).execute();
      }
    }
  }
}

const PORTAL_LINKS = [
  {
    title: "Plataforma Nacional de Transparencia",
    url: "https://www.plataformadetransparencia.org.mx/",
    headline: "Consulte la información pública",
    subline: "Obligaciones de transparencia de todas las instituciones",
    file: "plataforma-nacional-de-transparencia.svg",
  },
  {
    title: "Consulta pública del SIPOT: Hospital Infantil de México Federico Gómez",
    url: "https://consultapublicamx.plataformadetransparencia.org.mx/vut-web/?idSujetoObigadoParametro=154&idEntidadParametro=33&idSectorParametro=21",
    headline: "Información del HIMFG en el SIPOT",
    subline: "Sistema de Portales de Obligaciones de Transparencia",
    file: "sipot-hospital-infantil-de-mexico.svg",
  },
] as const;

/** The two image links of the transparency portal page (external links with a stored picture). */
export async function seedTransparencyPortal(trx: Kysely<DB>) {
  await trx
    .insertInto("document_collections")
    .values({ key: "transparency-portal", title: "Plataforma Nacional de Transparencia", description: null, position: 20 })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  const existing = await trx.selectFrom("document_groups").select("id").where("collection_key", "=", "transparency-portal").executeTakeFirst();
  if (existing) return;
  const { id: groupId } = await trx
    .insertInto("document_groups")
    .values({ collection_key: "transparency-portal", title: "Plataforma Nacional de Transparencia", position: 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  for (const [position, link] of PORTAL_LINKS.entries()) {
    const art = drawPortalBanner({ headline: link.headline, subline: link.subline, variant: position === 0 ? 0 : 1 });
    const imageId = await storeFile(trx, { fileName: link.file, contentType: "image/svg+xml", data: Buffer.from(art.svg, "utf8") }, "public");
    await trx
      .insertInto("document_items")
      .values({ group_id: groupId, title: link.title, external_url: link.url, image_file_id: imageId, position })
      .execute();
  }
}
