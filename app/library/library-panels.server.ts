import { LIBRARY_PANEL_HISTORY } from "~/content/record-history-kinds.server";
import { keepVersion, versionBefore } from "~/content/record-history.server";
import type { Kysely } from "kysely";
import { z } from "zod";
import { renderMarkdown, type SafeHtml } from "~/content/markdown.server";
import type { DB } from "~/db.server";
import { notFound, type Outcome } from "~/actions/outcome";
import { recordAudit } from "~/staff/audit.server";
import type { StaffUser } from "~/staff/staff";
import { cleanText } from "~/utils/text";
import type { LibraryPanelId } from "./library-content";

/**
 * The Hemerobiblioteca's panels (issue 12, decision 0024): Markdown in library_panels, rendered by
 * the one sanitiser (app/content/markdown.server.ts). A save is one transaction with its audit row
 * (before and after); the search entry of the panel follows by trigger (migration 0022) and the
 * anonymous page cache by the content_version trigger, so the edit shows and is found at once.
 */

export interface LibraryPanelView {
  id: LibraryPanelId;
  label: string;
  html: SafeHtml;
}

/**
 * The panel's own heading is an h2, so the text's headings start at h3: renderMarkdown puts the
 * highest heading at h2, and this moves every heading one level down. It rewrites tag names of
 * already sanitised HTML only (no attribute or text changes).
 */
export function renderPanelMarkdown(source: string): SafeHtml {
  const html = renderMarkdown(source);
  return { ...html, __html: html.__html.replace(/<(\/?)h([2-5])(?=[\s>])/g, (_m, slash: string, level: string) => `<${slash}h${Number(level) + 1}`) };
}

export async function getLibraryPanels(db: Kysely<DB>): Promise<LibraryPanelView[]> {
  const rows = await db.selectFrom("library_panels").select(["id", "label", "body"]).orderBy("position").execute();
  return rows.map((row) => ({ id: row.id, label: row.label, html: renderPanelMarkdown(row.body) }));
}

export interface LibraryPanelForEditor {
  id: LibraryPanelId;
  label: string;
  body: string;
  updatedAt: string;
}

export async function listLibraryPanelsForEditor(db: Kysely<DB>): Promise<LibraryPanelForEditor[]> {
  const rows = await db.selectFrom("library_panels").select(["id", "label", "body", "updated_at"]).orderBy("position").execute();
  return rows.map((row) => ({ id: row.id, label: row.label, body: row.body, updatedAt: row.updated_at }));
}

export async function getLibraryPanelForEditor(db: Kysely<DB>, id: LibraryPanelId): Promise<LibraryPanelForEditor | null> {
  const row = await db.selectFrom("library_panels").select(["id", "label", "body", "updated_at"]).where("id", "=", id).executeTakeFirst();
  return row ? { id: row.id, label: row.label, body: row.body, updatedAt: row.updated_at } : null;
}

export const libraryPanelSchema = z.object({
  label: cleanText({
    required: "Escriba el nombre del apartado (la pestaña), por ejemplo «Servicios».",
    max: 60,
    tooLong: "El nombre del apartado tiene más de 60 caracteres; acórtelo.",
  }),
  body: cleanText({
    required: "Escriba el contenido del apartado.",
    max: 100_000,
    tooLong: "El contenido tiene más de 100 000 caracteres; acórtelo.",
    multiline: true,
    markdownLabel: "Contenido",
  }),
});

export type LibraryPanelInput = z.output<typeof libraryPanelSchema>;

export type LibraryPanelOutcome = Outcome<{ message: string }>;

export async function updateLibraryPanel(
  db: Kysely<DB>,
  id: LibraryPanelId,
  input: LibraryPanelInput,
  actor: StaffUser,
  requestId: string | null,
  now: Date,
): Promise<LibraryPanelOutcome> {
  return db.transaction().execute(async (trx) => {
    const before = await trx.selectFrom("library_panels").select(["label", "body"]).where("id", "=", id).executeTakeFirst();
    if (!before) return notFound("No encontramos este apartado de la Hemerobiblioteca");
    if (before.label === input.label && before.body === input.body) return { ok: true as const, message: "No había cambios que guardar." };
    const version = await versionBefore(trx, LIBRARY_PANEL_HISTORY, id);
    await trx
      .updateTable("library_panels")
      .set({ label: input.label, body: input.body, updated_at: now.toISOString() })
      .where("id", "=", id)
      .execute();
    await keepVersion(trx, LIBRARY_PANEL_HISTORY, id, version, actor);
    await recordAudit(trx, {
      actor,
      action: "library_panel.update",
      entity: "library_panel",
      entityId: id,
      before,
      after: { label: input.label, body: input.body },
      requestId,
    });
    return { ok: true as const, message: `Se guardó el apartado «${input.label}» de la Hemerobiblioteca.` };
  });
}
