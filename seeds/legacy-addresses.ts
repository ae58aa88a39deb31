import { sql, type Kysely } from "kysely";
import type { DB, GalleryName } from "../app/db.server";
import { buildDocx, buildPdf } from "../app/documents/file-builders.server";
import { CONTENT_TYPES, namedFileUrl } from "../app/files/file-types";
import { storeFile } from "../app/files/files.server";
import data from "./data/legacy-file-addresses.json";
import { fileNameFor } from "./documents";

/**
 * The file addresses of the current site (issue 20, migration 0029), from
 * seeds/data/legacy-file-addresses.json (made from the site's facts by
 * scripts/extract-legacy-addresses.mjs). Each address points at what the seed made for the same
 * fact: a transparency or archives document's file, a gallery picture, or (for the files no
 * collection holds: privacy notices, the residency downloads, regulations, research formats, the
 * library's journals) a demonstration file this step stores. Pictures and pages of the old site
 * we hold no file for point at the page that shows them now. Then the seeded pages that linked to
 * the old site's copy link to ours.
 */

interface LegacyAddress {
  path: string;
  urls: string[];
  document?: { collection: string; group: string; title: string };
  gallery?: { gallery: string; position: number };
  file?: { key: string; title: string; fileType: string; issuer: string };
  page?: string;
}

const DEMO_NOTE =
  "Versión de demostración generada por el sitio web del hospital en lugar del archivo del sitio anterior. Solicite la versión vigente a la unidad responsable.";

async function insertAddress(trx: Kysely<DB>, path: string, target: { file_id: string } | { target_path: string }) {
  await trx
    .insertInto("legacy_file_addresses")
    .values({ path, file_id: null, target_path: null, ...target })
    .onConflict((oc) => oc.column("path").doNothing())
    .execute();
}

/** The old site's addresses of pages and pictures we hold no file for: their page now. Not demo content. */
export async function seedLegacyPageAddresses(trx: Kysely<DB>) {
  for (const address of data.addresses as LegacyAddress[]) {
    if (address.page) await insertAddress(trx, address.path, { target_path: address.page });
  }
}

/** The old site's file addresses, pointed at the seeded files (demo content), and the pages' links to them. */
export async function seedLegacyFileAddresses(trx: Kysely<DB>) {
  const made = new Map<string, string>();
  const links: { urls: string[]; href: string }[] = [];
  for (const address of data.addresses as LegacyAddress[]) {
    const fileId = await fileFor(trx, address, made);
    if (fileId) {
      await insertAddress(trx, address.path, { file_id: fileId.id });
      links.push({ urls: address.urls, href: namedFileUrl(fileId.id, fileId.name) });
    } else if (address.page) {
      links.push({ urls: address.urls, href: address.page });
    }
  }
  // Our pages link to our files, never to the old site's copy (word for word what the seed wrote).
  for (const { urls, href } of links) {
    for (const url of urls) {
      if (!/^https?:\/\//.test(url)) continue;
      for (const column of ["body", "summary"] as const) {
        const ref = sql.ref(column);
        await sql`UPDATE content_pages SET ${ref} = replace(${ref}, ${url}, ${href}) WHERE instr(${ref}, ${url}) > 0`.execute(trx);
      }
      await sql`UPDATE library_panels SET body = replace(body, ${url}, ${href}) WHERE instr(body, ${url}) > 0`.execute(trx);
    }
  }
}

async function fileFor(trx: Kysely<DB>, address: LegacyAddress, made: Map<string, string>): Promise<{ id: string; name: string } | null> {
  if (address.document) {
    const { collection, group, title } = address.document;
    const row = await trx
      .selectFrom("document_items as i")
      .innerJoin("document_groups as g", "g.id", "i.group_id")
      .innerJoin("stored_files as f", "f.id", "i.file_id")
      .select(["f.id", "f.file_name as name"])
      .where("g.collection_key", "=", collection)
      .where("g.title", "=", group)
      .where("i.title", "=", title)
      .orderBy("i.position")
      .executeTakeFirst();
    return row ?? null;
  }
  if (address.gallery) {
    const row = await trx
      .selectFrom("gallery_items as i")
      .innerJoin("stored_files as f", "f.id", "i.image_file_id")
      .select(["f.id", "f.file_name as name"])
      .where("i.gallery", "=", address.gallery.gallery as GalleryName)
      .where("i.position", "=", address.gallery.position)
      .executeTakeFirst();
    return row ?? null;
  }
  if (address.file) {
    const { key, title, issuer } = address.file;
    const format = /^(doc|docx)$/.test(address.file.fileType) ? "docx" : "pdf";
    const name = fileNameFor(title, format);
    let id = made.get(key);
    if (!id) {
      const content = { title, issuer, paragraphs: [`${title}. ${issuer}.`, DEMO_NOTE], date: "2025-06-30" };
      const bytes = format === "docx" ? buildDocx(content) : buildPdf(content);
      id = await storeFile(trx, { fileName: name, contentType: CONTENT_TYPES[format]!, data: bytes }, "public");
      made.set(key, id);
    }
    return { id, name };
  }
  return null;
}
