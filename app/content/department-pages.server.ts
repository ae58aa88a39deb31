import type { Kysely } from "kysely";
import { z } from "zod";
import type { Crumb } from "~/components/breadcrumbs";
import type { DB, DirectionLevel, ResearchUnitKind } from "~/db.server";
import { getDocumentCollection, type DocumentCollectionView } from "~/documents/documents.server";
import { publicFileUrl } from "~/files/files.server";
import { renderMarkdown, type SafeHtml } from "./markdown.server";

/** The research direction's page also lists the calls and every unit/laboratory. */
export const RESEARCH_DIRECTION_SLUG = "investigacion";

/**
 * Pages that show a document collection (managed with the other documents), by slug: the
 * procurement documents, the statistical yearbooks and the research calls.
 */
export const DEPARTMENT_DOCUMENT_COLLECTIONS: Record<string, string> = {
  administracion: "procurement",
  "bioestadistica-y-archivo-clinico": "yearbooks",
  [RESEARCH_DIRECTION_SLUG]: "research-calls",
};

export interface StaffLink {
  name: string;
  link: string;
}

export interface PageImage {
  url: string;
  alt: string;
}

export interface AreaLink {
  name: string;
  href: string;
  level: DirectionLevel;
  children: AreaLink[];
}

export interface ResearchUnitLink {
  id: number;
  name: string;
  kind: ResearchUnitKind;
  summary: string;
  href: string;
}

export interface DepartmentPageView {
  slug: string;
  path: string;
  layout: "departamento" | "direccion";
  title: string;
  summary: string;
  head: { name: string; grade: string | null; photoUrl: string | null } | null;
  firstContent: SafeHtml;
  secondContent: SafeHtml;
  firstImage: PageImage | null;
  secondImage: PageImage | null;
  staffLinks: StaffLink[];
  /** Ancestors first, the page itself last ("Inicio" is added by <Breadcrumbs>). */
  breadcrumbs: Crumb[];
  /** The areas under this one in the directions tree (two levels). */
  areas: AreaLink[];
  /** The page's document collection (calls, procurement, yearbooks), if it has one. */
  documents: DocumentCollectionView | null;
  researchUnits: ResearchUnitLink[];
  updatedAt: string;
}

const SAFE_LINK = /^(\/(?!\/)|https?:\/\/|mailto:)/i;
const staffLinksSchema = z.array(z.object({ name: z.string().trim().min(1), link: z.string().trim().regex(SAFE_LINK) }));

/** Staff links are JSON an editor wrote; anything malformed or with an unsafe scheme is dropped. */
export function parseStaffLinks(json: string): StaffLink[] {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return [];
  }
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((item) => {
    const parsed = staffLinksSchema.element.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
}

function image(fileId: string | null, alt: string): PageImage | null {
  return fileId ? { url: publicFileUrl(fileId), alt } : null;
}

/** A published /direccion/{slug} page, or null when there is none. */
export async function getDepartmentPage(db: Kysely<DB>, slug: string): Promise<DepartmentPageView | null> {
  const page = await db.selectFrom("department_pages").selectAll().where("slug", "=", slug).where("is_published", "=", 1).executeTakeFirst();
  if (!page) return null;

  const nodes = await db
    .selectFrom("direction_nodes")
    .select(["id", "parent_id", "name", "href", "level"])
    .orderBy("position")
    .orderBy("id")
    .execute();
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const path = `/direccion/${page.slug}`;

  const breadcrumbs: Crumb[] = [];
  const node = page.direction_node_id === null ? undefined : byId.get(page.direction_node_id);
  if (node) {
    for (let parent = node.parent_id === null ? undefined : byId.get(node.parent_id); parent;) {
      breadcrumbs.unshift({ label: parent.name, href: parent.href });
      parent = parent.parent_id === null ? undefined : byId.get(parent.parent_id);
    }
  } else {
    // Pages outside the directions tree are the specialties' own pages.
    breadcrumbs.push({ label: "Especialidades", href: "/especialidades" });
  }
  breadcrumbs.push({ label: page.title, href: path });

  const childrenOf = (parentId: number, depth: number): AreaLink[] =>
    nodes
      .filter((n) => n.parent_id === parentId)
      .map((n) => ({ name: n.name, href: n.href, level: n.level, children: depth > 1 ? childrenOf(n.id, depth - 1) : [] }));
  const areas = node ? childrenOf(node.id, 2) : [];

  const isResearchDirection = page.slug === RESEARCH_DIRECTION_SLUG;
  const collectionKey = DEPARTMENT_DOCUMENT_COLLECTIONS[page.slug];
  const documents = collectionKey ? await getDocumentCollection(db, collectionKey) : null;

  let unitsQuery = db.selectFrom("research_units").select(["id", "name", "kind", "summary"]).where("is_published", "=", 1).orderBy("id");
  if (!isResearchDirection) unitsQuery = unitsQuery.where("department_page_id", "=", page.id);
  const researchUnits = (await unitsQuery.execute()).map((unit) => ({ ...unit, href: `/investigadores/${unit.id}` }));

  return {
    slug: page.slug,
    path,
    layout: page.tipo_departamento === 2 ? "direccion" : "departamento",
    title: page.title,
    summary: page.summary,
    head: page.head_name
      ? {
          name: page.head_name,
          grade: page.head_grade,
          photoUrl: page.head_photo_file_id ? publicFileUrl(page.head_photo_file_id) : null,
        }
      : null,
    firstContent: renderMarkdown(page.first_content),
    secondContent: renderMarkdown(page.second_content),
    firstImage: image(page.first_image_file_id, page.first_image_alt),
    secondImage: image(page.second_image_file_id, page.second_image_alt),
    staffLinks: parseStaffLinks(page.staff_links),
    breadcrumbs,
    areas,
    documents,
    researchUnits,
    updatedAt: page.updated_at,
  };
}

export interface ResearchUnitView {
  id: number;
  path: string;
  name: string;
  kind: ResearchUnitKind;
  nameIsIllustrative: boolean;
  summary: string;
  content: SafeHtml;
  linesOfWork: string[];
  head: { name: string; grade: string | null } | null;
  image: PageImage | null;
  department: { title: string; href: string } | null;
  breadcrumbs: Crumb[];
}

const linesOfWorkSchema = z.array(z.string().trim().min(1));

/** Parses the public number of /investigadores/{id}: digits only, no leading zeros. */
export function parseResearchUnitId(raw: string | undefined): number | null {
  if (!raw || !/^[1-9]\d{0,5}$/.test(raw)) return null;
  return Number(raw);
}

/** A published research unit, or null. */
export async function getResearchUnit(db: Kysely<DB>, id: number): Promise<ResearchUnitView | null> {
  const unit = await db
    .selectFrom("research_units")
    .leftJoin("department_pages", (join) =>
      join.onRef("department_pages.id", "=", "research_units.department_page_id").on("department_pages.is_published", "=", 1),
    )
    .selectAll("research_units")
    .select(["department_pages.title as department_title", "department_pages.slug as department_slug"])
    .where("research_units.id", "=", id)
    .where("research_units.is_published", "=", 1)
    .executeTakeFirst();
  if (!unit) return null;
  const path = `/investigadores/${unit.id}`;
  let linesOfWork: string[] = [];
  try {
    const parsed = linesOfWorkSchema.safeParse(JSON.parse(unit.lines_of_work));
    if (parsed.success) linesOfWork = parsed.data;
  } catch {
    linesOfWork = [];
  }
  const department =
    unit.department_title && unit.department_slug ? { title: unit.department_title, href: `/direccion/${unit.department_slug}` } : null;
  return {
    id: unit.id,
    path,
    name: unit.name,
    kind: unit.kind,
    nameIsIllustrative: unit.name_is_illustrative === 1,
    summary: unit.summary,
    content: renderMarkdown(unit.content),
    linesOfWork,
    head: unit.head_name ? { name: unit.head_name, grade: unit.head_grade } : null,
    image: image(unit.image_file_id, unit.image_alt),
    department,
    breadcrumbs: [
      { label: "Dirección de Investigación", href: `/direccion/${RESEARCH_DIRECTION_SLUG}` },
      ...(department ? [{ label: department.title, href: department.href }] : []),
      { label: unit.name, href: path },
    ],
  };
}
