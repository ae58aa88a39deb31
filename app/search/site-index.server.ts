import { sql, type Kysely } from "kysely";
import type { DB } from "~/db.server";
import { namedFileUrl } from "~/files/file-types";

/** One public page or document, as search and the sitemap see it. */
export interface IndexEntry {
  path: string;
  /** pagina | documento | imagen | curso: shown with each search result. */
  kind: "pagina" | "documento" | "imagen" | "curso";
  title: string;
  /** The text searched (Markdown as written; snippets are made plain when shown). */
  body: string;
  /** Where the entry lives (a section or collection name), shown under the result. */
  context: string;
  lastModified?: string;
  /** Whether the sitemap lists it (pages yes; files and external links no). */
  inSitemap: boolean;
}

/** Pages served by code rather than by a content row; kept here so search and sitemap know them. */
const codePages: Omit<IndexEntry, "kind" | "inSitemap">[] = [
  {
    path: "/",
    title: "Inicio",
    context: "Hospital Infantil de México Federico Gómez",
    body: "Hospital Infantil de México Federico Gómez, Instituto Nacional de Salud: atención pediátrica de alta especialidad, enseñanza e investigación.",
  },
  {
    path: "/ensenanza/offer",
    title: "Oferta académica",
    context: "Enseñanza",
    body: "Catálogo anual de cursos de educación médica continua por mes: cursos presenciales y en línea, inscripción y pago.",
  },
  {
    path: "/hemerobiblioteca",
    title: "Hemerobiblioteca",
    context: "Enseñanza",
    body: "Biblioteca del hospital: reglamento, servicios, colecciones, catálogo, revistas en línea, bases de datos, ligas de interés y contacto. Préstamo a domicilio, fotocopiado, horario de 8:00 a 20:00.",
  },
  {
    path: "/transparencia",
    title: "Transparencia",
    context: "Transparencia",
    body: "Portal de transparencia: Plataforma Nacional de Transparencia, información financiera, adquisiciones y anuarios estadísticos.",
  },
  {
    path: "/transparencia/informacion-financiera",
    title: "Información financiera",
    context: "Transparencia",
    body: "Información contable, presupuestaria y programática, normas del título V de la Ley General de Contabilidad Gubernamental e inventario de bienes muebles e inmuebles, por año.",
  },
  {
    path: "/adquisiciones",
    title: "Adquisiciones",
    context: "Transparencia",
    body: "Licitaciones, invitaciones, informe de gestión gubernamental y programa anual de adquisiciones, arrendamientos y servicios.",
  },
  {
    path: "/anuarios-estadisticos",
    title: "Anuarios estadísticos",
    context: "Transparencia",
    body: "Anuarios estadísticos del hospital de 2007 a 2024.",
  },
  {
    path: "/mision-y-vision",
    title: "Misión y visión",
    context: "El hospital",
    body: "Misión y visión del Hospital Infantil de México Federico Gómez: atención pediátrica cuaternaria en un entorno de Cero Daño.",
  },
  {
    path: "/organizacion-de-archivos",
    title: "Coordinación de archivos",
    context: "Transparencia",
    body: "Organización de archivos: instrumentos de control y consulta archivística, catálogo de disposición documental y guía de archivo.",
  },
  {
    path: "/legado-artistico",
    title: "Legado artístico",
    context: "El hospital",
    body: "Galería del legado artístico del hospital: murales, pinturas y esculturas.",
  },
  { path: "/galeria", title: "Galería", context: "El hospital", body: "Galería de imágenes del hospital." },
  { path: "/dia-del-nino", title: "Día del Niño", context: "El hospital", body: "Galería del Día del Niño en el hospital." },
];

/** Where the entries of pages served by code live in the index (see migrations/0015). */
const CODE_PAGES_ROWID = 9_000_000_000_000;

interface SourceRow {
  search_rowid: number;
  path: string;
  kind: IndexEntry["kind"];
  context: string;
  title: string;
  body: string;
  last_modified: string | null;
  in_sitemap: number;
}

/**
 * Every public page and document, as the sitemap lists them: the rows of the search_source view
 * (the same SQL that feeds the search index, so both agree on what is public) and the pages
 * served by code. One entry per path; page rows win over menu entries and code pages.
 */
export async function collectIndexEntries(db: Kysely<DB>): Promise<IndexEntry[]> {
  const { rows } = await sql<SourceRow>`
    SELECT search_rowid, path, kind, context, title, body, last_modified, in_sitemap
    FROM search_source ORDER BY search_rowid`.execute(db);
  const entries = new Map<string, IndexEntry>();
  const add = (entry: IndexEntry) => {
    if (!entries.has(entry.path)) entries.set(entry.path, entry);
  };
  const codeEntries = codePages.map((page): IndexEntry => ({ ...page, kind: "pagina", inSitemap: true }));
  for (const row of rows) {
    // Code pages rank after the page tables and the menu (sources 1–4), before pictures and files.
    if (row.search_rowid >= 5_000_000_000_000) codeEntries.splice(0).forEach(add);
    add({
      path: publicPath(row),
      kind: row.kind,
      title: row.title,
      body: row.body,
      context: row.context,
      lastModified: row.last_modified ?? undefined,
      inSitemap: row.in_sitemap === 1,
    });
  }
  codeEntries.forEach(add);
  return [...entries.values()];
}

/**
 * Writes the entries of the pages served by code (a fixed handful, rowids 9×10¹² + n) when their
 * text differs from what the index holds. Every other entry is kept current by the triggers of
 * migration 0015, so start-up does not grow with the content. Returns how many it wrote.
 */
export async function syncCodePages(db: Kysely<DB>): Promise<number> {
  const wanted = codePages.map((page, index) => ({ rowid: CODE_PAGES_ROWID + index + 1, ...page }));
  const { rows } = await sql<{ rowid: number; path: string; context: string; title: string; body: string }>`
    SELECT rowid, path, context, title, body FROM search_index
    WHERE rowid > ${CODE_PAGES_ROWID} ORDER BY rowid`.execute(db);
  const same =
    rows.length === wanted.length &&
    rows.every((row, i) => {
      const page = wanted[i]!;
      return row.rowid === page.rowid && row.path === page.path && row.context === page.context && row.title === page.title && row.body === page.body;
    });
  if (same) return 0;
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM search_index WHERE rowid > ${CODE_PAGES_ROWID}`.execute(trx);
    for (const page of wanted) {
      await sql`INSERT INTO search_index (rowid, path, kind, context, title, body)
        VALUES (${page.rowid}, ${page.path}, 'pagina', ${page.context}, ${page.title}, ${page.body})`.execute(trx);
    }
  });
  return wanted.length;
}

/**
 * Refills the whole index from the source views. Not used at start (the triggers keep it
 * current); kept for repairs and tests (e.g. after restoring an index by hand).
 */
export async function rebuildSearchIndex(db: Kysely<DB>): Promise<number> {
  await db.transaction().execute(async (trx) => {
    await sql`DELETE FROM search_index`.execute(trx);
    await sql`INSERT INTO search_index (rowid, path, kind, context, title, body)
      SELECT search_rowid, path, kind, context, title, body FROM search_source`.execute(trx);
  });
  await syncCodePages(db);
  const { rows } = await sql<{ entries: number }>`SELECT count(*) AS entries FROM search_index`.execute(db);
  return rows[0]?.entries ?? 0;
}

/**
 * The address a visitor follows. Stored files keep their raw name in the index (SQL cannot
 * percent-encode); it is encoded here exactly as namedFileUrl does.
 */
function publicPath(row: { path: string; kind: string }): string {
  const file = /^\/archivos\/([^/]+)\/(.+)$/.exec(row.path);
  if (row.kind === "documento" && file) return namedFileUrl(file[1]!, file[2]!);
  return row.path;
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

/** Results per page of /buscar. */
export const SEARCH_PAGE_SIZE = 20;

export interface SearchPage {
  /** How many distinct pages and documents match, in all. */
  total: number;
  /** The page shown (1-based), clamped to the pages there are. */
  page: number;
  pageCount: number;
  results: SearchResult[];
}

/**
 * One page of results for what a visitor typed, best first, with the true total. An address can
 * be in the index twice (a document filed in two groups, a code page that also has a row): it
 * counts and shows once, as its best-matching entry.
 */
export async function searchSite(db: Kysely<DB>, input: string, options: { page?: number; pageSize?: number } = {}): Promise<SearchPage> {
  const pageSize = options.pageSize ?? SEARCH_PAGE_SIZE;
  const query = toFtsQuery(input);
  if (!query) return { total: 0, page: 1, pageCount: 0, results: [] };
  const { rows: counted } = await sql<{ total: number }>`
    SELECT count(DISTINCT path) AS total FROM search_index WHERE search_index MATCH ${query}`.execute(db);
  const total = counted[0]?.total ?? 0;
  const pageCount = Math.ceil(total / pageSize);
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1) || 1), Math.max(1, pageCount));
  if (total === 0) return { total, page, pageCount, results: [] };

  // Rank first (cheap), then build snippets for the shown page only.
  const { rows: ranked } = await sql<{ id: number }>`
    SELECT id FROM (
      SELECT id, score, row_number() OVER (PARTITION BY path ORDER BY score, id) AS nth FROM (
        SELECT rowid AS id, path, bm25(search_index, 0, 0, 0, 8, 1) AS score
        FROM search_index WHERE search_index MATCH ${query}
      )
    )
    WHERE nth = 1
    ORDER BY score, id
    LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`.execute(db);
  const ids = ranked.map((row) => row.id);
  if (ids.length === 0) return { total, page, pageCount, results: [] };
  const { rows } = await sql<{ id: number; path: string; kind: IndexEntry["kind"]; context: string; title: string; snippet: string }>`
    SELECT rowid AS id, path, kind, context, title,
      snippet(search_index, 4, ${HIGHLIGHT_START}, ${HIGHLIGHT_END}, '…', 24) AS snippet
    FROM search_index
    WHERE search_index MATCH ${query} AND rowid IN (${sql.join(ids)})`.execute(db);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const results = ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [{ path: publicPath(row), kind: row.kind, context: row.context, title: row.title, snippet: splitSnippet(snippetToText(row.snippet)) }];
  });
  return { total, page, pageCount, results };
}

/**
 * Bodies are indexed as Markdown; a snippet is a window of it, possibly cut inside a link. This
 * keeps the words a reader sees and drops link targets, image references and Markdown marks.
 * The highlight markers (control characters) are kept.
 */
export function snippetToText(snippet: string): string {
  const text = snippet
    // List markers ("- ", "1. ") at the start of a line.
    .replace(/^[ \t]*(?:[-+*]|\d+\.)[ \t]+/gm, "")
    // A link or image target, whole or cut at either end of the window: "](https://…)". A
    // highlighted word inside an address goes with it.
    .replace(/\]\([^)\s]*\)?/g, " ")
    .replace(/^[^\s()]*[./:@][^\s()]*\)/, " ")
    // A bare address (the window may start or end inside one).
    .replace(/(^|\s)\(?(?:https?:\/\/|www\.|\/)[^\s)]*\)?/g, "$1")
    .replace(/[#*_`>|~[\]]+|!\[/g, " ")
    .replace(/\s+/g, " ")
    // A removed link target leaves a space before the punctuation after it: "primera vez ."
    .replace(/ ([\u0002]?[.,;:!?)»])/g, "$1")
    .trim();
  return balanceHighlights(text);
}

/** Drops a highlight marker left without its pair (e.g. when its word sat inside a removed address). */
function balanceHighlights(text: string): string {
  let open = false;
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    if (char === HIGHLIGHT_START) {
      const close = text.indexOf(HIGHLIGHT_END, i);
      const next = text.indexOf(HIGHLIGHT_START, i + 1);
      // Keep it only when its end comes before the next start.
      if (open || close === -1 || (next !== -1 && next < close)) continue;
      open = true;
    } else if (char === HIGHLIGHT_END) {
      if (!open) continue;
      open = false;
    }
    out += char;
  }
  return out;
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
