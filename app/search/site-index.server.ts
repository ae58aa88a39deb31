import { sql, type Kysely } from "kysely";
import type { DB } from "~/db.server";
import { listDocumentTitles } from "~/documents/documents.server";

/** One public page or document, as search and the sitemap see it. */
export interface IndexEntry {
  path: string;
  /** pagina | documento | imagen: shown with each search result. */
  kind: "pagina" | "documento" | "imagen";
  title: string;
  /** Plain text searched (and quoted in snippets). */
  body: string;
  /** Where the entry lives (a section or collection name), shown under the result. */
  context: string;
  lastModified?: string;
  /** Whether the sitemap lists it (pages yes; files and external links no). */
  inSitemap: boolean;
}

/** Pages served by code rather than by a content row; kept here so search and sitemap know them. */
const codePages: Omit<IndexEntry, "kind" | "inSitemap">[] = [
  { path: "/", title: "Inicio", context: "Hospital Infantil de México Federico Gómez", body: "Hospital Infantil de México Federico Gómez, Instituto Nacional de Salud: atención pediátrica de alta especialidad, enseñanza e investigación." },
  { path: "/ensenanza/offer", title: "Oferta académica", context: "Enseñanza", body: "Catálogo anual de cursos de educación médica continua por mes: cursos presenciales y en línea, inscripción y pago." },
  { path: "/hemerobiblioteca", title: "Hemerobiblioteca", context: "Enseñanza", body: "Biblioteca del hospital: reglamento, servicios, colecciones, catálogo, revistas en línea, bases de datos, ligas de interés y contacto. Préstamo a domicilio, fotocopiado, horario de 8:00 a 20:00." },
  { path: "/transparencia", title: "Transparencia", context: "Transparencia", body: "Portal de transparencia: Plataforma Nacional de Transparencia, información financiera, adquisiciones y anuarios estadísticos." },
  { path: "/transparencia/informacion-financiera", title: "Información financiera", context: "Transparencia", body: "Información contable, presupuestaria y programática, normas del título V de la Ley General de Contabilidad Gubernamental e inventario de bienes muebles e inmuebles, por año." },
  { path: "/adquisiciones", title: "Adquisiciones", context: "Transparencia", body: "Licitaciones, invitaciones, informe de gestión gubernamental y programa anual de adquisiciones, arrendamientos y servicios." },
  { path: "/anuarios-estadisticos", title: "Anuarios estadísticos", context: "Transparencia", body: "Anuarios estadísticos del hospital de 2007 a 2024." },
  { path: "/mision-y-vision", title: "Misión y visión", context: "El hospital", body: "Misión y visión del Hospital Infantil de México Federico Gómez: atención pediátrica cuaternaria en un entorno de Cero Daño." },
  { path: "/organizacion-de-archivos", title: "Coordinación de archivos", context: "Transparencia", body: "Organización de archivos: instrumentos de control y consulta archivística, catálogo de disposición documental y guía de archivo." },
  { path: "/legado-artistico", title: "Legado artístico", context: "El hospital", body: "Galería del legado artístico del hospital: murales, pinturas y esculturas." },
  { path: "/galeria", title: "Galería", context: "El hospital", body: "Galería de imágenes del hospital." },
  { path: "/dia-del-nino", title: "Día del Niño", context: "El hospital", body: "Galería del Día del Niño en el hospital." },
  { path: "/sesion-clinico-patologica", title: "Sesión clínico patológica", context: "Enseñanza", body: "Sesión clínico patológica del hospital: video de la sesión y registro." },
];

function markdownToText(markdown: string): string {
  return markdown
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/<[^>]*>/g, " ")
    .replace(/[#*_`>|~-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** Every public page and document, gathered from the content tables. */
export async function collectIndexEntries(db: Kysely<DB>): Promise<IndexEntry[]> {
  const entries = new Map<string, IndexEntry>();
  const add = (entry: IndexEntry) => {
    if (!entries.has(entry.path)) entries.set(entry.path, entry);
  };

  const contentPages = await db
    .selectFrom("content_pages")
    .select(["path", "title", "summary", "body", "section", "parent_label", "updated_at"])
    .where("is_published", "=", 1)
    .execute();
  for (const page of contentPages) {
    add({
      path: page.path,
      kind: "pagina",
      title: page.title,
      body: `${page.summary} ${markdownToText(page.body)}`,
      context: page.parent_label ?? "Información",
      lastModified: page.updated_at,
      inSitemap: true,
    });
  }

  const departments = await db
    .selectFrom("department_pages")
    .select(["slug", "title", "summary", "head_name", "first_content", "second_content", "tipo_departamento", "updated_at"])
    .where("is_published", "=", 1)
    .execute();
  for (const page of departments) {
    add({
      path: `/direccion/${page.slug}`,
      kind: "pagina",
      title: page.title,
      body: [page.summary, page.head_name ?? "", markdownToText(page.first_content), markdownToText(page.second_content)].join(" "),
      context: page.tipo_departamento === 2 ? "Direcciones" : "Departamentos y servicios",
      lastModified: page.updated_at,
      inSitemap: true,
    });
  }

  const units = await db
    .selectFrom("research_units")
    .select(["id", "name", "summary", "content", "updated_at"])
    .where("is_published", "=", 1)
    .execute();
  for (const unit of units) {
    add({
      path: `/investigadores/${unit.id}`,
      kind: "pagina",
      title: unit.name,
      body: `${unit.summary} ${markdownToText(unit.content)}`,
      context: "Investigación",
      lastModified: unit.updated_at,
      inSitemap: true,
    });
  }

  // Menu entries whose page is served by code (e.g. /general) still deserve a result.
  const nodes = await db.selectFrom("direction_nodes").select(["href", "name", "head_name"]).execute();
  for (const node of nodes) {
    add({ path: node.href, kind: "pagina", title: node.name, body: node.head_name ?? "", context: "Direcciones", inSitemap: true });
  }

  for (const page of codePages) add({ ...page, kind: "pagina", inSitemap: true });

  const gallery = await db.selectFrom("gallery_items").select(["id", "gallery", "title", "caption", "author"]).execute();
  for (const item of gallery) {
    add({
      path: `/${item.gallery}/${item.id}`,
      kind: "imagen",
      title: item.title,
      body: `${item.caption} ${item.author ?? ""}`,
      context: item.gallery === "legado-artistico" ? "Legado artístico" : item.gallery === "galeria" ? "Galería" : "Día del Niño",
      inSitemap: true,
    });
  }

  for (const document of await listDocumentTitles(db)) {
    if (!document.href) continue;
    add({
      path: document.href,
      kind: "documento",
      title: document.title,
      body: `${document.group}`,
      context: document.group,
      inSitemap: false,
    });
  }

  return [...entries.values()];
}

/** Rebuilds the search index from the content tables, in one transaction. */
export async function rebuildSearchIndex(db: Kysely<DB>): Promise<number> {
  const entries = await collectIndexEntries(db);
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM search_index`.execute(trx);
    for (const entry of entries) {
      await sql`INSERT INTO search_index (path, kind, context, title, body) VALUES (${entry.path}, ${entry.kind}, ${entry.context}, ${entry.title}, ${entry.body})`.execute(trx);
    }
  });
  return entries.length;
}

export interface SearchResult {
  path: string;
  kind: IndexEntry["kind"];
  context: string;
  title: string;
  /** The snippet, split into plain and highlighted parts (no HTML crosses the wire). */
  snippet: { text: string; highlight: boolean }[];
}

const HIGHLIGHT_START = "\u0001";
const HIGHLIGHT_END = "\u0002";

/**
 * Turns what a visitor typed into a safe FTS5 query: every word must match, as a prefix, in any
 * letter case and with or without accents. FTS5 operators typed by the visitor are plain text.
 */
export function toFtsQuery(input: string): string | null {
  const words = input
    .normalize("NFC")
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  return words.map((word) => `"${word}"*`).join(" ");
}

export async function searchSite(db: Kysely<DB>, input: string, limit = 30): Promise<SearchResult[]> {
  const query = toFtsQuery(input);
  if (!query) return [];
  const { rows } = await sql<{ path: string; kind: IndexEntry["kind"]; context: string; title: string; snippet: string }>`
    SELECT path, kind, context, title,
      snippet(search_index, 4, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 16) AS snippet
    FROM search_index
    WHERE search_index MATCH ${query}
    ORDER BY bm25(search_index, 0, 0, 0, 8, 1)
    LIMIT ${limit}`.execute(db);
  return rows.map((row) => ({ ...row, snippet: splitSnippet(row.snippet) }));
}

function splitSnippet(snippet: string): SearchResult["snippet"] {
  const parts: SearchResult["snippet"] = [];
  const pattern = new RegExp(`${HIGHLIGHT_START}([^${HIGHLIGHT_END}]*)${HIGHLIGHT_END}`, "g");
  let last = 0;
  for (const match of snippet.matchAll(pattern)) {
    if (match.index > last) parts.push({ text: snippet.slice(last, match.index), highlight: false });
    parts.push({ text: match[1] ?? "", highlight: true });
    last = match.index + match[0].length;
  }
  if (last < snippet.length) parts.push({ text: snippet.slice(last), highlight: false });
  return parts;
}
