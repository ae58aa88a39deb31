import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Outcome } from "~/actions/outcome";
import { DEFAULT_INTENT, staffAction, staffIntent, uploadBody, type BodyReader, type StepInput } from "~/actions/pipeline.server";
import type { StaffContext } from "~/actions/context";
import type { CheckedFile, FileRule } from "~/accounts/uploads.server";
import { db, type DB } from "~/db.server";
import type { StaffRole, StaffUser } from "~/staff/staff";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";
import { DEPARTMENT_RECORD } from "./department-editor.server";
import { PROFILE_RECORD } from "./profile-page-editor.server";
import { currentImages, loadRecordForEditor, or404 } from "./record-editor-route.server";
import type { EditorPreview } from "./record-editor.server";
import { RESEARCH_UNIT_RECORD } from "./research-unit-editor.server";
import { editorRecordId } from "./revisions.server";

/**
 * The record editors' loaders and actions (decisions 0026 and 0057), for every content record
 * (content-record.server.ts): a route module is its `staffAccess`, its title and these calls. The
 * loader goes through the staff guard first (loadRecordForEditor); the actions run on the one
 * action pipeline (app/actions/pipeline.server.ts) with three intents: the main form («Guardar»,
 * `save`, or no intent: conform's «Agregar fila» list buttons answer from there with nothing
 * stored) and «Vista previa» (`preview`: the form as typed, its messages and the server's
 * rendering, with nothing stored).
 */

type Access = readonly StaffRole[];
type Uploads = Partial<Record<string, CheckedFile>>;

/** What the routes need of a content record (contentRecord's result). */
interface EditorRecord<Found, Edit extends z.ZodType, Create extends z.ZodType> {
  formMaxBytes: number;
  imageRules: Record<string, FileRule>;
  images: readonly string[];
  editSchema: Edit;
  createSchema: Create;
  preview(fields: FormData): EditorPreview;
  editor?: { base: string };
  forEditor(db: Kysely<DB>, id: number): Promise<Found | null>;
  // Method signatures (each record's own input types are accepted): the db, the id, the input, the uploads, the actor, the request id, now.
  update(...args: [Kysely<DB>, number, z.output<Edit>, Uploads, StaffUser, string | null, Date]): Promise<Outcome<{ message: string }>>;
  create(...args: [Kysely<DB>, z.output<Create>, Uploads, StaffUser, string | null, Date]): Promise<Outcome<{ id: number; message: string }>>;
}

const TOO_LARGE = "El envío pesa demasiado: cada imagen puede pesar 2 MB como máximo.";

/**
 * An editor's action on the pipeline: the uploads read by their rules, then per intent the save
 * step (a 404 answered as the route's Spanish 404 page) with a toast and a redirect, or the preview.
 */
function editorAction<Schema extends z.ZodType, Done extends { message: string }>(
  args: ActionFunctionArgs,
  access: Access,
  form: { record: EditorRecord<unknown, z.ZodType, z.ZodType>; schema: Schema; notFound: string },
  save: (ctx: StaffContext, input: StepInput<z.output<Schema>>) => Promise<Outcome<Done>>,
  redirectTo: (outcome: Done) => string,
) {
  // The preview answers with the form as typed: the reader keeps it (this request's only).
  let typed = new FormData();
  const upload = uploadBody(form.record.imageRules, { maxBytes: form.record.formMaxBytes, tooLarge: TOO_LARGE });
  const read: BodyReader = async (request) => {
    const reading = await upload(request);
    if (reading.ok) typed = reading.body.fields;
    return reading;
  };
  const saveIntent = staffIntent({
    schema: form.schema,
    step: async (ctx, input) => or404(await save(ctx, input), form.notFound),
    done: (outcome) => redirectWithToast(redirectTo(outcome), { type: "success", description: outcome.message }, { status: 303 }),
  });
  return staffAction({
    access,
    read,
    intents: {
      [DEFAULT_INTENT]: saveIntent,
      save: saveIntent,
      preview: staffIntent({
        schema: z.unknown(),
        step: () => ({ ok: true }),
        done: () =>
          data(
            { intent: "preview", result: parseWithZod(typed, { schema: form.schema }).reply(), preview: form.record.preview(typed) },
            { status: 200 },
          ),
      }),
    },
  })(args);
}

/** The uploads of a step, by field name. */
const uploadsOf = (input: StepInput<unknown>): Uploads => Object.fromEntries(input.files);

/** The edit screen (`{base}/{id}`) and the "new record" screen of one kind of content record. */
export function recordEditorRoutes<Found extends object, Edit extends z.ZodType, Create extends z.ZodType>(
  record: EditorRecord<Found, Edit, Create>,
  notFound: string,
) {
  const where = { base: record.editor?.base ?? "", notFound };
  const loose = record as unknown as EditorRecord<unknown, z.ZodType, z.ZodType>;
  return {
    loader: async ({ request, params }: LoaderFunctionArgs, access: Access) => {
      const found = await loadRecordForEditor(request, access, params.pageId, (id) => record.forEditor(db, id), where.notFound);
      return { record: found, images: currentImages(found as unknown as Record<string, string | null>, record.images) };
    },
    action: (args: ActionFunctionArgs, access: Access) => {
      // The address's id is read after the guard (a refused role gets its 403 first).
      const id = () => editorRecordId(args.params.pageId);
      return editorAction(
        args,
        access,
        { record: loose, schema: record.editSchema, notFound: where.notFound },
        (ctx, input) => record.update(db, id(), input.value, uploadsOf(input), ctx.actor, ctx.requestId, now()),
        () => `${where.base}/${id()}`,
      );
    },
    create: (args: ActionFunctionArgs, access: Access) =>
      editorAction(
        args,
        access,
        { record: loose, schema: record.createSchema, notFound: where.notFound },
        (ctx, input) => record.create(db, input.value, uploadsOf(input), ctx.actor, ctx.requestId, now()),
        (outcome) => `${where.base}/${outcome.id}`,
      ),
  };
}

/** The three seeded records' editors (admin.contenido.{departamentos,investigacion,perfiles}.*). */
export const DEPARTMENT_ROUTES = recordEditorRoutes(DEPARTMENT_RECORD, "No encontramos esta página");
export const RESEARCH_UNIT_ROUTES = recordEditorRoutes(RESEARCH_UNIT_RECORD, "No encontramos esta unidad de investigación");
export const PROFILE_ROUTES = recordEditorRoutes(PROFILE_RECORD, "No encontramos este perfil");
