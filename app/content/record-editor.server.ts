import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "@remix-run/node";
import type { Kysely, Transaction } from "kysely";
import { z } from "zod";
import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import { COURSE_FILE_MESSAGES, COURSE_IMAGE_MAX_BYTES, detectCourseFile } from "~/courses/course-form";
import type { DB, RevisionEntity } from "~/db.server";
import { recordAudit } from "~/staff/audit.server";
import { parseAdminForm } from "~/staff/teaching/admin-uploads.server";
import type { StaffUser } from "~/staff/staff";
import type { SafeHtml } from "./markdown.server";
import { pageEditSchema, requirePublishAt, SNAPSHOT_FIELD_LABELS, type PageStatus } from "./page-forms";
import { NoChange, nextPublication, publicationColumns, publicationOf, publishedMessage, type RecordPublication } from "./publication.server";
import { changedFields, diffRevisions, listRevisions, writeRevision, type Snapshot } from "./revisions.server";
import { hasForbiddenCharacters } from "~/utils/text-checks";

/**
 * What the editors of seeded records share (department pages, research units, profile records;
 * decision 0026): the field rules (control characters refused, not stripped), the page image rule,
 * the multipart form step (preview and list intents answer without storing); the save step is
 * publication.server.ts's saveState (version 1 "inicial" before the first edit, the row or the
 * pending revision, a revision, an audit row, in one transaction).
 */

// ---------------------------------------------------------------- field rules

const IMAGE_MESSAGES = {
  tooLarge: "La imagen pesa más de 2 MB. Reduzca su tamaño o elija otra.",
  wrongType: "El archivo no es una imagen JPG, PNG ni WebP (se revisa su contenido, no su nombre). Elija una imagen en alguno de esos formatos.",
  empty: COURSE_FILE_MESSAGES.image.empty,
};

/** A page image: JPG, PNG or WebP by its content, at most 2 MB. */
export const PAGE_IMAGE_RULE: FileRule = {
  maxBytes: COURSE_IMAGE_MAX_BYTES,
  detect: (bytes) => detectCourseFile(bytes, "image"),
  messages: IMAGE_MESSAGES,
  fallbackName: "imagen",
};

/**
 * Whether a one-line text holds a character nobody types: the one rule of app/utils/text-checks.ts
 * (control and format characters, bidi overrides included, so a name cannot read backwards).
 */
export const hasControlCharacters = (value: string) => hasForbiddenCharacters(value);

// The field rules are the site's one text rule (app/utils/text.ts), shared with every editor.
export { controlMessage, markdownText, oneLine, requiredLine } from "~/utils/text";

/** A "Quitar la imagen" checkbox. */
export const removeFlag = z
  .string()
  .optional()
  .transform((value) => value === "on");

// ---------------------------------------------------------------- the form step

export type EditorPreview = { title: string; sections: SafeHtml[] };

/**
 * The first step of an editor's action: reads the multipart form (images checked by content),
 * then answers "Vista previa" and conform's list buttons with the form as typed (nothing stored),
 * or a 400 with every error at once; otherwise the parsed values and the checked images.
 */
export async function parseEditorForm<Schema extends z.ZodType, Field extends string>(
  request: Request,
  schema: Schema,
  imageRules: Record<Field, FileRule>,
  preview: (fields: FormData) => EditorPreview,
) {
  const parsed = await parseAdminForm(request, imageRules);
  if (!parsed.ok) {
    const message =
      parsed.status === 413
        ? "El envío pesa demasiado: cada imagen puede pesar 2 MB como máximo."
        : "No pudimos leer el formulario. Vuelva a intentarlo.";
    return { done: data({ result: { status: "error" as const, error: { "": [message] } }, preview: null }, { status: 400 }) } as const;
  }
  const submission = parseWithZod(parsed.fields, { schema });
  if (parsed.fields.get("intent") === "preview") {
    return { done: data({ result: submission.reply(), preview: preview(parsed.fields) }, { status: 200 }) } as const;
  }
  // Agregar fila / Quitar fila: conform applies the list intent and answers with the new form.
  if (submission.status === undefined) return { done: data({ result: submission.reply(), preview: null }, { status: 200 }) } as const;
  const fileErrors = parsed.fileErrors as Partial<Record<string, string[]>>;
  if (submission.status !== "success" || Object.keys(fileErrors).length > 0) {
    const reply = submission.reply({ fieldErrors: Object.fromEntries(Object.entries(fileErrors).map(([k, v]) => [k, v ?? []])) });
    return { done: data({ result: reply, preview: null }, { status: 400 }) } as const;
  }
  return {
    submission,
    value: submission.value as z.output<Schema>,
    files: Object.fromEntries(parsed.files) as Partial<Record<Field, CheckedFile>>,
  } as const;
}

/** The text of a form field, for a preview. */
export const formText = (fields: FormData, name: string) => String(fields.get(name) ?? "");

// ---------------------------------------------------------------- the save step

/** Thrown inside a save's transaction when the edit changes nothing (nothing is written). */
export { NoChange };

/** A stored file id kept in a revision, if the file still exists (files are never deleted, but a restore checks). */
export async function existingFileId(trx: Transaction<DB>, fileId: unknown): Promise<string | null> {
  if (typeof fileId !== "string" || !fileId) return null;
  return (await trx.selectFrom("stored_files").select("id").where("id", "=", fileId).executeTakeFirst()) ? fileId : null;
}

/** An edit that changes nothing answers ok with a message, and writes nothing (NoChange rolled it back). */
export function unlessNoChange<T>(save: Promise<T>): Promise<T | { ok: true; message: string }> {
  return save.catch((error: unknown) => {
    if (error instanceof NoChange) return { ok: true as const, message: "No había cambios que guardar." };
    throw error;
  });
}

/** A kind's history readers: its revisions, and the diff of two with its labels (long texts by line). */
export function revisionReaders(entity: RevisionEntity, labels: Record<string, string>, byLine: readonly string[]) {
  const lines = new Set(byLine);
  return {
    list: (db: Kysely<DB>, id: number) => listRevisions(db, entity, id),
    diff: (db: Kysely<DB>, id: number, from: number, to: number) => diffRevisions(db, entity, id, from, to, labels, lines),
  };
}

// ---------------------------------------------------------------- publication

/**
 * Draft, published now, or scheduled for a Mexico City date and time: the information pages'
 * states, fields, rules and messages (decision 0021), for the records too (decision 0026), with
 * the live and latest states of publication.server.ts (decision 0033).
 */
export const publicationFields = { status: pageEditSchema.shape.status, publishAt: pageEditSchema.shape.publishAt };
export { requirePublishAt };

export type { RecordPublication };
export { nextPublication, publicationColumns, publicationOf };

export const PUBLICATION_LABELS = { status: SNAPSHOT_FIELD_LABELS.status, publishAt: SNAPSHOT_FIELD_LABELS.publishAt };

/** "Se guardaron los cambios de /investigadores/3. Ya está publicada." (the information pages' words for the state). */
export function savedMessage(address: string, status: PageStatus): string {
  const state = publishedMessage(status);
  return `Se guardaron los cambios de ${address}. ${state.charAt(0).toUpperCase()}${state.slice(1)}.`;
}

export { scheduledPublisher } from "./scheduled-publication.server";

/** A new record's first revision ("crear", every field) and its audit row ({entity}.create). */
export async function writeCreatedRecord<S extends object>(
  trx: Transaction<DB>,
  record: { entity: RevisionEntity; id: number; labels: Record<keyof S, string>; snapshot: S; actor: StaffUser; requestId: string | null },
) {
  const snapshot = { ...record.snapshot } as Snapshot;
  const number = await writeRevision(trx, record.entity, record.id, snapshot, changedFields(record.labels, null, snapshot), "crear", record.actor);
  await recordAudit(trx, {
    actor: record.actor,
    action: `${record.entity}.create`,
    entity: record.entity,
    entityId: record.id,
    after: { ...snapshot, revision: number },
    requestId: record.requestId,
  });
  return number;
}
