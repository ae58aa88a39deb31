import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { describeFile, isInlineType, namedFileUrl } from "~/files/file-types";
import { publicFileUrl } from "~/files/files.server";
import { renderMarkdown, type SafeHtml } from "~/content/markdown.server";

/** One document link as pages show it. */
export interface DocumentLink {
  id: number;
  title: string;
  href: string;
  /** "PDF, 24 kB" for stored files; "Enlace externo" for external addresses. */
  details: string;
  external: boolean;
  /** Office files are offered as downloads; PDFs open in the browser. */
  download: boolean;
  /** A picture shown as the link, when the item has one (e.g. the transparency platform banners). */
  imageSrc: string | null;
}

export interface DocumentGroupView {
  id: number;
  /** A year ("2024") or a label ("Licitaciones"). */
  title: string;
  /** What to say when the group has no documents (e.g. "No hay licitaciones en curso."). */
  emptyMessage: string | null;
  items: DocumentLink[];
}

export interface DocumentCollectionView {
  key: string;
  title: string;
  description: string | null;
  /** The introduction on the collection's own page (Markdown, sanitised), or null when it has none. */
  intro: SafeHtml | null;
  groups: DocumentGroupView[];
}

/** The collections that make up the financial transparency page, in page order. */
export const FINANCIAL_COLLECTION_KEYS = [
  "financial-accounting",
  "financial-budget",
  "financial-programmatic",
  "financial-lgcg-title-v",
  "financial-inventory",
] as const;

/**
 * A document collection with its groups and items in order, or null when it does not exist.
 * Collections in use: the five financial-* keys, "procurement", "yearbooks", "research-calls",
 * "general-direction" and "archives".
 */
export async function getDocumentCollection(db: Kysely<DB>, key: string): Promise<DocumentCollectionView | null> {
  const [collection] = await getDocumentCollections(db, [key]);
  return collection ?? null;
}

/** Several collections at once, in the order of `keys` (missing keys are skipped). */
export async function getDocumentCollections(db: Kysely<DB>, keys: readonly string[]): Promise<DocumentCollectionView[]> {
  if (keys.length === 0) return [];
  const collections = await db.selectFrom("document_collections").selectAll().where("key", "in", keys).execute();
  if (collections.length === 0) return [];
  const groups = await db.selectFrom("document_groups").selectAll().where("collection_key", "in", keys).orderBy("position").orderBy("id").execute();
  const items =
    groups.length === 0
      ? []
      : await db
          .selectFrom("document_items")
          .leftJoin("stored_files", "stored_files.id", "document_items.file_id")
          .select([
            "document_items.id",
            "document_items.group_id",
            "document_items.title",
            "document_items.file_id",
            "document_items.external_url",
            "document_items.image_file_id",
            "stored_files.file_name",
            "stored_files.content_type",
            "stored_files.byte_size",
          ])
          .where(
            "document_items.group_id",
            "in",
            groups.map((group) => group.id),
          )
          // A removed document stays in the table (history) and is shown nowhere public.
          .where("document_items.removed_at", "is", null)
          .orderBy("document_items.position")
          .orderBy("document_items.id")
          .execute();

  const itemsByGroup = new Map<number, DocumentLink[]>();
  for (const item of items) {
    const link = toDocumentLink(item);
    if (!link) continue;
    const list = itemsByGroup.get(item.group_id) ?? [];
    list.push(link);
    itemsByGroup.set(item.group_id, list);
  }

  return keys.flatMap((key) => {
    const collection = collections.find((c) => c.key === key);
    if (!collection) return [];
    return [
      {
        key: collection.key,
        title: collection.title,
        description: collection.description,
        intro: collection.intro === null ? null : renderMarkdown(collection.intro),
        groups: groups
          .filter((group) => group.collection_key === key)
          .map((group) => ({
            id: group.id,
            title: group.title,
            emptyMessage: group.empty_message,
            items: itemsByGroup.get(group.id) ?? [],
          })),
      },
    ];
  });
}

function toDocumentLink(item: {
  id: number;
  title: string;
  file_id: string | null;
  external_url: string | null;
  image_file_id: string | null;
  file_name: string | null;
  content_type: string | null;
  byte_size: number | null;
}): DocumentLink | null {
  if (item.file_id && item.file_name && item.content_type && item.byte_size !== null) {
    return {
      id: item.id,
      title: item.title,
      href: namedFileUrl(item.file_id, item.file_name),
      details: describeFile({ file_name: item.file_name, content_type: item.content_type, byte_size: item.byte_size }),
      external: false,
      download: !isInlineType(item.content_type),
      imageSrc: item.image_file_id ? publicFileUrl(item.image_file_id) : null,
    };
  }
  if (item.external_url) {
    return {
      id: item.id,
      title: item.title,
      href: item.external_url,
      details: "Enlace externo",
      external: true,
      download: false,
      imageSrc: item.image_file_id ? publicFileUrl(item.image_file_id) : null,
    };
  }
  return null;
}
