import { sql, type Kysely } from "kysely";
import { contentVersionTriggers } from "./0014-content-version";

// The communications office edits the document collections and the Hemerobiblioteca (issue 12,
// decision 0024).
//
// - document_items.removed_at: a removed document stays in the table (and its file stays stored)
//   but no public page, search entry or file URL shows it any more.
// - document_file_history: when a document's file is replaced, the old file id keeps a row that
//   says which document it belonged to, so its old public URL (/archivos/<old id>/…) answers with
//   the document's current file. Append-only: the history of a document's files is never lost.
// - library_panels: the eight panels of the Hemerobiblioteca, moved from code (app/library) into
//   the database as Markdown, seeded here with the text the page showed until now.
// - Search: removed documents leave the index; each library panel is its own entry
//   (/hemerobiblioteca?panel=<id>, source 8 of migration 0015's numbering), kept by triggers, so
//   an edit is findable at once. search_source is recreated to include the panels.
// - content_version triggers on the new tables (the anonymous page cache, decision 0017).

const LIBRARY_SOURCE = 8;
const DOCUMENT_SOURCE = 6;
const rowidOf = (source: number, id: string) => `(${source}000000000000 + ${id})`;

export const LIBRARY_PANEL_IDS = ["reglamento", "servicios", "colecciones", "catalogo", "revistas", "bases-de-datos", "ligas", "contacto"] as const;

// The panels as the page showed them when they lived in code (app/library/library-content.ts), in page order.
const TODAYS_PANELS: { id: string; label: string; body: string }[] = [
  {
    id: "reglamento",
    label: "Reglamento",
    body: "El Reglamento de la Hemerobiblioteca está vigente desde el **15 de febrero de 2024** y deja sin efecto el anterior. Tiene 29 artículos organizados en estos capítulos: I. Disposiciones generales; II. Objetivos del reglamento; III. De la Hemerobiblioteca; IV. De la autoridad de la Hemerobiblioteca; V. De las colecciones; VI. De los servicios; VII. Del préstamo a domicilio; VIII. Del horario de los servicios; IX. Del comportamiento de los usuarios; X. De las sanciones; XI. De las situaciones no previstas; Transitorios.\n\n## Quién puede usarla\n\nLos servicios están abiertos a estudiantes de medicina, médicos pediatras, químicos, enfermeras y enfermeros, investigadores, personas interesadas en la pediatría y áreas afines. La autoridad de la Hemerobiblioteca es la jefa o el jefe del Departamento, o la persona que designe en su ausencia.\n\n## Horario\n\nDe 8:00 a 20:00 horas, de lunes a domingo, incluidos los días festivos.\n\n## Préstamo a domicilio\n\n- Necesita la credencial interna de la Hemerobiblioteca, que se tramita con una fotografía tamaño infantil y tiene una vigencia de 1 año.\n- El préstamo dura 3 días.\n- Puede renovarlo 1 vez, siempre que nadie más haya solicitado el material.\n- Puede llevarse como máximo 3 materiales a la vez (libros, publicaciones periódicas o tesis).\n- Se prestan la colección general, las publicaciones periódicas y las tesis en papel y en CD.\n- Las obras de consulta no salen de la sala: diccionarios, anuarios, manuales, enciclopedias, censos, directorios, bibliografías, atlas, informes, leyes, reglamentos, índices, abstracts.\n- El préstamo es personal e intransferible; avise de cualquier cambio de domicilio o de teléfono.\n\n## Fotocopiado e Internet\n\n- Cada fotocopia cuesta $0.60, conforme al artículo 18, inciso e, de la Ley Federal de Derechos de Autor.\n- Los médicos residentes tienen 200 fotocopias sin costo.\n- El acceso a Internet es exclusivo para trabajos de investigación del personal y de los estudiantes del hospital; registre su entrada y salida en la bitácora del laboratorio de cómputo.\n\n## Colecciones que regula\n\nColección general, obras de consulta, tesis (alrededor de 3,805 en papel y 2,314 en CD), publicaciones periódicas (cerca de 521 títulos desde 1970) y bases de datos: el Repositorio Institucional Digital y el Boletín Médico del Hospital Infantil de México (1944–2014).\n\n## Comportamiento en la sala\n\n- Deje portafolios, bolsas y paquetes en el guardarropa.\n- Registre su entrada en el reloj checador en cada visita.\n- No fume, no introduzca alimentos ni bebidas y no deje basura.\n- Deje el material consultado en el carro portalibros o en la mesa destinada para ello, no en el estante.\n\n## Sanciones\n\n- **Devolución tardía:** Suspensión del préstamo a domicilio durante 3 días por cada día de atraso.\n- **Pérdida del material:** Reponerlo o pagar su valor actual más los costos de reposición.\n- **Material mutilado o deteriorado:** Pagar su restauración o reponerlo.\n- **Datos falsos al tramitar la credencial:** Cancelación definitiva del préstamo a domicilio.\n- **Mutilar o sustraer material sin autorización:** Suspensión de los servicios.\n- **Faltar a las normas de comportamiento (capítulo IX):** Suspensión de los servicios por un periodo acorde con la falta.\n\nLas situaciones que el reglamento no prevé las resuelven las autoridades de la Hemerobiblioteca.",
  },
  {
    id: "servicios",
    label: "Servicios",
    body: "- **Orientación a usuarios:** Le ayudamos a encontrar información y a usar el catálogo y las bases de datos.\n- **Préstamo en sala:** Consulta del acervo en la sala de lectura, con estantería abierta.\n- **Bases de datos en línea:** Acceso a recursos del Consorcio Nacional de Recursos de Información Científica y Tecnológica (CONRICyT) desde el hospital o fuera de él.\n- **Nuevas adquisiciones:** Cada año se adquiere una base de datos de revistas y libros electrónicos en texto completo y se renuevan las suscripciones a revistas internacionales en papel; un boletín mensual avisa de las novedades.\n- **Préstamo interbibliotecario:** Sujeto a las condiciones de la institución que presta; usted indica los datos bibliográficos y la institución donde se encuentra el material.\n- **Préstamo a domicilio:** Con credencial vigente de la Hemerobiblioteca, según el reglamento.\n- **Fotocopiado:** Conforme al artículo 18, inciso e, de la Ley Federal de Derechos de Autor.\n- **Internet:** En el laboratorio de cómputo y por red inalámbrica en la sala de lectura, exclusivamente para trabajos de investigación del personal y de los estudiantes del hospital.\n- **Recuperación de artículos:** Obtenemos artículos de las bibliotecas de los Institutos Nacionales de Salud, de los centros de documentación del IMSS, de universidades públicas y privadas y de bibliotecas del extranjero.\n\n## Bases de datos suscritas\n\n- Elsevier (Freedom Collection y Scopus)\n- Wiley (Medicine & Nursing y libros electrónicos)\n- EBSCO\n- Boletín Médico del Hospital Infantil de México\n- Repositorio Institucional Digital",
  },
  {
    id: "colecciones",
    label: "Colecciones",
    body: "- **5,700** volúmenes de libros (aproximadamente)\n- **538** títulos de revistas desde 1970 (aproximadamente)\n- **3,804** tesis en papel y **1,322** en CD\n\n- **Libros:** Cerca de 5,700 volúmenes de pediatría, sus especialidades y ciencias afines.\n- **Revistas:** Alrededor de 538 títulos de publicaciones periódicas, con números desde 1970.\n- **Acervo de autores del HIMFG:** Obras publicadas por el personal del hospital.\n- **Fisioterapia:** Colección en comodato de la Facultad de Medicina de la UNAM para la Licenciatura en Fisioterapia.\n- **Obras de consulta:** Diccionarios, enciclopedias, atlas, manuales y otras obras que se consultan en sala.\n- **Tesis:** Tesis de los programas de posgrado del hospital, en papel y en CD.",
  },
  {
    id: "catalogo",
    label: "Catálogo",
    body: "Consulte en línea, desde el hospital o fuera de él:\n\n- [Catálogo electrónico de libros y tesis de la Hemerobiblioteca](<https://www.bidi.unam.mx/>)\n- [Revistas y tesis del Hospital Infantil de México Federico Gómez](<https://www.bidi.unam.mx/>)",
  },
  {
    id: "revistas",
    label: "Revistas en línea",
    body: "Revistas pediátricas con acceso en línea para la comunidad del hospital.\n\n- [Pediatric Neurology](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Pediatric_Neurology.pdf>)\n- [Pediatric Dermatology](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Pediatric_Dermatology.pdf>)\n- [Pediatric Dentistry](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Pediatric_Dentristy.pdf>)\n- [Pediatric Cardiology](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Pediatric_Cardiology.pdf>)\n- [Pediatric Anesthesia](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Pediatric_Anesthesia.pdf>)\n- [American Journal of Orthodontics & Dentofacial Orthopedics](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/AMERICAN_JOURNAL_OF_ORTHODONTICS_&_DENTOFACIAL_ORTHOPEDICS.pdf>)\n- [The Journal of Pediatrics](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/THE_JOURNAL_OF_PEDIATRICS.pdf>)\n- [The Journal of Pediatric Surgery](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Journal_of_Pediatric_Surgery.pdf>)\n- [Disease-a-Month](<https://www.sciencedirect.com/journal/disease-a-month>)\n- [Pediatric Clinics of North America](<https://www.pediatric.theclinics.com/current>)\n- [Archives of Pediatrics & Adolescent Medicine](<https://jamanetwork.com/journals/jamapediatrics/issue/165/7>)\n- [Current Opinion in Pediatrics](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Current_Opinion_in_Pediatric.pdf>)\n- [Boletín Médico del Hospital Infantil de México](<http://187.141.21.244/bmhim/consulta.html>)\n- [Pediatrics in Review](<https://pedsinreview.aappublications.org/content/38/10?current-issue=y>)\n- [Acta Paediatrica](<https://onlinelibrary.wiley.com/journal/16512227>)\n- [Archives of Disease in Childhood](<https://www.ovid.com/product-details.320.html>)\n- [The Pediatric Infectious Disease Journal](<http://himfg.edu.mx/hemerobiblioteca/revistas-digitales/Pediatric_Infecius_Disease_Journal.pdf>)\n- [European Journal of Pediatrics](<https://link.springer.com/journal/431>)\n- [Pediatrics International](<https://onlinelibrary.wiley.com/journal/1442200x>)\n- [Pediatrics](<https://pediatrics.aappublications.org/content/140/4?current-issue=y>)\n- [Year Book of Pediatrics](<https://www.elsevier.com/books/year-book-of-pediatrics-2017/cabana/978-0-323-48035-2>)",
  },
  {
    id: "bases-de-datos",
    label: "Bases de datos",
    body: "Bases de datos y repositorios disponibles a través de la Hemerobiblioteca y del CONRICyT.\n\n- [Jaypee Digital](<https://www.jaypeedigital.com/home>)\n- [ClinicalKey](<http://www.clinicalkey.es>)\n- [Wiley Online Library](<https://onlinelibrary.wiley.com/>)\n- [Boletín Médico del Hospital Infantil de México (consulta)](<http://187.141.21.244/bmhim/consulta.html>)\n- [Repositorio Institucional Digital del Hospital Infantil de México](<http://187.141.21.244/repositorio/>)",
  },
  {
    id: "ligas",
    label: "Ligas de interés",
    body: "Sitios de información biomédica de acceso libre que recomendamos.\n\n- [PubMed](<https://www.ncbi.nlm.nih.gov/pubmed/>)\n- [MedlinePlus en español](<https://medlineplus.gov/spanish/>)\n- [SciELO](<http://www.scielo.org/php/index.php>)\n- [Biblioteca Médica Digital, Facultad de Medicina de la UNAM](<http://www.facmed.unam.mx/bmd/>)\n- [BioMed Central: revistas](<https://www.biomedcentral.com/journals>)\n- [SciELO México: búsqueda de artículos](<http://www.scielo.org.mx/cgi-bin/wxis.exe/iah/?IsisScript=iah/iah.xis&base=article%5edlibrary&fmt=iso.pft&lang=e>)\n- [Free Medical Journals](<http://www.freemedicaljournals.com/>)\n- [Medigraphic](<http://new.medigraphic.com/cgi-bin/medigraphic.cgi>)\n- [DeCS: Descriptores en Ciencias de la Salud (BVS)](<http://decs.bvsalud.org/cgi-bin/wxis1660.exe/decsserver/?IsisScript=../cgi-bin/decsserver/decsserver.xis&interface_language=e&previous_page=homepage&previous_task=NULL&task=start>)\n- [Free Books 4 Doctors](<http://www.freebooks4doctors.com/>)\n- [BVS: Biblioteca Virtual en Salud](<http://bvsalud.org/>)\n- [MeSH Browser (NLM)](<https://meshb.nlm.nih.gov/search>)\n- [CENETEC](<http://www.cenetec.salud.gob.mx/>)\n- [Diccionarios.com](<https://www.diccionarios.com/>)\n- [NCBI MeSH](<https://www.ncbi.nlm.nih.gov/mesh>)",
  },
  {
    id: "contacto",
    label: "Contacto",
    body: "- **Horario:** De 8:00 a 20:00 horas, de lunes a domingo, incluidos los días festivos.\n- **Teléfonos:** Directo: [57 61 01 47](tel:+5257610147). Conmutador: [52 28 99 17](tel:+5252289917), extensiones 2340 y 2047.\n- **Dirección:** Dr. Márquez 162, Col. Doctores, alcaldía Cuauhtémoc, C. P. 06720, Ciudad de México\n- **Correo electrónico:** [holivares@himfg.edu.mx](mailto:holivares@himfg.edu.mx) o [hemerobiblioteca.infantildemex@gmail.com](mailto:hemerobiblioteca.infantildemex@gmail.com)",
  },
];

const SOURCE_VIEWS = [
  "search_source_content_pages",
  "search_source_department_pages",
  "search_source_research_units",
  "search_source_direction_nodes",
  "search_source_gallery_items",
  "search_source_document_items",
  "search_source_courses",
];

function unionOf(views: string[]): string {
  return `CREATE VIEW search_source AS
    ${views.map((view) => `SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap FROM ${view}`).join("\n    UNION ALL ")}`;
}

function documentItemsView(withRemoved: boolean): string {
  return `CREATE VIEW search_source_document_items AS
    SELECT ${rowidOf(DOCUMENT_SOURCE, "i.id")} AS search_rowid, i.id AS source_id, i.group_id, i.file_id,
      CASE WHEN i.file_id IS NOT NULL THEN '/archivos/' || i.file_id || '/' || f.file_name ELSE i.external_url END AS path,
      'documento' AS kind, g.title AS context, i.title, g.title AS body,
      NULL AS last_modified, 0 AS in_sitemap
    FROM document_items i
    JOIN document_groups g ON g.id = i.group_id
    LEFT JOIN stored_files f ON f.id = i.file_id
    WHERE (i.external_url IS NOT NULL OR f.file_name IS NOT NULL)${withRemoved ? "" : " AND i.removed_at IS NULL"}`;
}

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE document_items ADD COLUMN removed_at TEXT CHECK (removed_at IS NULL OR removed_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z')`.execute(
    db,
  );

  await sql`
    CREATE TABLE document_file_history (
      file_id TEXT PRIMARY KEY REFERENCES stored_files (id),
      item_id INTEGER NOT NULL REFERENCES document_items (id),
      replaced_by TEXT NOT NULL REFERENCES stored_files (id),
      replaced_at TEXT NOT NULL CHECK (replaced_at GLOB '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]T*Z'),
      replaced_by_staff_id INTEGER REFERENCES staff_members (id),
      CHECK (file_id <> replaced_by)
    ) STRICT`.execute(db);
  await sql`CREATE INDEX document_file_history_item ON document_file_history (item_id)`.execute(db);
  await sql`
    CREATE TRIGGER document_file_history_no_update BEFORE UPDATE ON document_file_history
    BEGIN SELECT RAISE(ABORT, 'document_file_history is append-only'); END`.execute(db);
  await sql`
    CREATE TRIGGER document_file_history_no_delete BEFORE DELETE ON document_file_history
    BEGIN SELECT RAISE(ABORT, 'document_file_history is append-only'); END`.execute(db);

  await sql
    .raw(
      `CREATE TABLE library_panels (
        id TEXT PRIMARY KEY CHECK (id IN (${LIBRARY_PANEL_IDS.map((id) => `'${id}'`).join(", ")})),
        position INTEGER NOT NULL UNIQUE CHECK (position >= 0),
        label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 60),
        body TEXT NOT NULL CHECK (length(body) <= 100000),
        updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
      ) STRICT`,
    )
    .execute(db);
  for (const [position, panel] of TODAYS_PANELS.entries()) {
    await sql`INSERT INTO library_panels (id, position, label, body) VALUES (${panel.id}, ${position}, ${panel.label}, ${panel.body})`.execute(db);
  }
  for (const table of ["library_panels", "document_file_history"]) {
    for (const statement of contentVersionTriggers(table)) await sql.raw(statement).execute(db);
  }

  // Search: the document view now leaves removed documents out; the panels get a view of their own.
  await sql`DROP VIEW search_source`.execute(db);
  await sql`DROP VIEW search_source_document_items`.execute(db);
  await sql.raw(documentItemsView(false)).execute(db);
  await sql
    .raw(
      `CREATE VIEW search_source_library_panels AS
        SELECT ${rowidOf(LIBRARY_SOURCE, "id_number")} AS search_rowid, id AS source_id, '/hemerobiblioteca?panel=' || id AS path, 'pagina' AS kind,
          'Hemerobiblioteca' AS context, 'Hemerobiblioteca: ' || label AS title, body, updated_at AS last_modified, 0 AS in_sitemap
        FROM (SELECT *, position + 1 AS id_number FROM library_panels)`,
    )
    .execute(db);
  await sql.raw(unionOf([...SOURCE_VIEWS, "search_source_library_panels"])).execute(db);

  // A panel's rowid comes from its position (its id is text); positions never change (UNIQUE, no screen edits them).
  const panelRowid = (row: "old" | "new") => rowidOf(LIBRARY_SOURCE, `${row}.position + 1`);
  const insertPanel = `INSERT INTO search_index (rowid, path, kind, context, title, body)
    SELECT search_rowid, path, kind, context, title, body FROM search_source_library_panels WHERE source_id = new.id;`;
  await sql.raw(`CREATE TRIGGER search_library_panels_insert AFTER INSERT ON library_panels BEGIN ${insertPanel} END`).execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_library_panels_update AFTER UPDATE ON library_panels BEGIN
        DELETE FROM search_index WHERE rowid = ${panelRowid("old")};
        ${insertPanel}
      END`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE TRIGGER search_library_panels_delete AFTER DELETE ON library_panels BEGIN DELETE FROM search_index WHERE rowid = ${panelRowid("old")}; END`,
    )
    .execute(db);

  // Fill: the panels just inserted (before their trigger existed), and no entry for a removed document (none yet).
  await sql`INSERT INTO search_index (rowid, path, kind, context, title, body)
    SELECT search_rowid, path, kind, context, title, body FROM search_source_library_panels`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const event of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER search_library_panels_${event}`).execute(db);
  await sql.raw(`DELETE FROM search_index WHERE rowid >= ${LIBRARY_SOURCE}000000000000 AND rowid < ${LIBRARY_SOURCE + 1}000000000000`).execute(db);
  await sql`DROP VIEW search_source`.execute(db);
  await sql`DROP VIEW search_source_library_panels`.execute(db);
  await sql`DROP VIEW search_source_document_items`.execute(db);
  await sql.raw(documentItemsView(true)).execute(db);
  await sql.raw(unionOf(SOURCE_VIEWS)).execute(db);
  for (const table of ["library_panels", "document_file_history"]) {
    for (const event of ["insert", "update", "delete"]) await sql.raw(`DROP TRIGGER IF EXISTS ${table}_content_version_${event}`).execute(db);
  }
  await sql`DROP TABLE library_panels`.execute(db);
  await sql`DROP TABLE document_file_history`.execute(db);
  await sql`ALTER TABLE document_items DROP COLUMN removed_at`.execute(db);
}
