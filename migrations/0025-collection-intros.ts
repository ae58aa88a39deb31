import { sql, type Kysely } from "kysely";

/**
 * The introductions of the document collections that have a page of their own (issue 12,
 * decision 0024): they were JSX in app/documents/collection.route.tsx and are now Markdown in
 * `document_collections.intro`, edited by the communications office and rendered through the one
 * sanitiser. NULL means the collection has no page that shows an introduction (the editor does
 * not offer one). The table already bumps content_version on every UPDATE (migration 0014), so
 * the page cache follows an edit without a new trigger.
 *
 * The texts are exactly the ones the pages showed; the seed reads them from here for new
 * databases (the collections are created by the seed, after the migrations).
 */
export const COLLECTION_INTROS_0025: Record<string, string> = {
  yearbooks:
    "El Departamento de Bioestadística y Archivo Clínico reúne cada año las cifras de la atención médica, la enseñanza y la investigación del hospital: consultas, egresos, cirugías, indicadores de calidad, formación de especialistas y productividad científica.",
  archives:
    "La Coordinación de Archivos organiza, conserva y pone a disposición los documentos del hospital conforme a la Ley General de Archivos. Aquí encontrará los formatos para las áreas, los instrumentos de control y consulta archivística, los inventarios y la normatividad aplicable.",
  procurement:
    "Procedimientos de contratación pública del hospital conforme a la Ley de Adquisiciones, Arrendamientos y Servicios del Sector Público, el Informe de Gestión Gubernamental y los programas anuales de adquisiciones.",
};

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE document_collections ADD COLUMN intro TEXT CHECK (intro IS NULL OR length(intro) <= 5000)`.execute(db);
  for (const [key, intro] of Object.entries(COLLECTION_INTROS_0025)) {
    await sql`UPDATE document_collections SET intro = ${intro} WHERE key = ${key}`.execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE document_collections DROP COLUMN intro`.execute(db);
}
