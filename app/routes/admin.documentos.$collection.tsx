import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { HistoryLink } from "~/content/history-links";
import { db } from "~/db.server";
import { AddGroupForm, GroupSection, IntroForm, UploadForm } from "~/documents/collection-editor-forms";
import { staffAction } from "~/actions/pipeline.server";
import { documentBody, documentIntent } from "~/documents/document-editor-action.server";
import { COLLECTION_KEY, OtherEditorErrors, useEditorResults } from "~/documents/document-editor-fields";
import {
  addDocumentGroup,
  deleteDocumentGroup,
  getCollectionForEditor,
  moveDocument,
  moveDocumentGroup,
  renameDocumentGroup,
  updateCollectionIntro,
  uploadDocument,
} from "~/documents/document-editor.server";
import {
  addGroupSchema,
  deleteGroupSchema,
  introSchema,
  moveSchema,
  renameGroupSchema,
  uploadDocumentSchema,
} from "~/documents/document-forms.server";
import { requireStaff } from "~/staff/guard.server";
import { DOCUMENT_FORM_MAX_BYTES, DOCUMENT_TOO_LARGE_MESSAGE } from "~/documents/document-forms.server";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = DOCUMENT_FORM_MAX_BYTES;
export const bodyTooLargeMessage = DOCUMENT_TOO_LARGE_MESSAGE;

// One document collection: its introduction, years and groups (add, rename, reorder, delete when empty), upload (issue 12, decision 0024).
export const staffAccess = staffAccessOf("routes/admin.documentos.$collection");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.collection.title ?? "Colección"} | Documentos | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

function collectionKeyOf(raw: string | undefined): string {
  if (!COLLECTION_KEY.test(raw ?? "")) throw new Response("No encontramos esta colección de documentos", { status: 404 });
  return raw!;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const collection = await getCollectionForEditor(db, collectionKeyOf(params.collection));
  if (!collection) throw new Response("No encontramos esta colección de documentos", { status: 404 });
  return { collection };
}

/** intent = upload | add-group | rename-group | delete-group | move-group | move-item | intro; each parses its schema and calls one domain function. */
export const action = (args: ActionFunctionArgs) => {
  const key = () => collectionKeyOf(args.params.collection);
  const back = () => `/admin/documentos/${key()}`;
  return staffAction({
    access: staffAccess,
    read: documentBody,
    intents: {
      upload: documentIntent(back, {
        schema: uploadDocumentSchema,
        needsFile: true,
        run: (ctx, value, file) => uploadDocument(db, key(), { ...value, file: file! }, ctx.actor, ctx.requestId),
      }),
      "add-group": documentIntent(back, {
        schema: addGroupSchema,
        run: (ctx, value) => addDocumentGroup(db, key(), value, ctx.actor, ctx.requestId),
      }),
      "rename-group": documentIntent(back, {
        schema: renameGroupSchema,
        run: (ctx, value) => renameDocumentGroup(db, key(), value, ctx.actor, ctx.requestId),
      }),
      "delete-group": documentIntent(back, {
        schema: deleteGroupSchema,
        run: (ctx, value) => deleteDocumentGroup(db, key(), value, ctx.actor, ctx.requestId),
      }),
      "move-group": documentIntent(back, { schema: moveSchema, run: (ctx, value) => moveDocumentGroup(db, key(), value, ctx.actor, ctx.requestId) }),
      "move-item": documentIntent(back, { schema: moveSchema, run: (ctx, value) => moveDocument(db, key(), value, ctx.actor, ctx.requestId) }),
      intro: documentIntent(back, { schema: introSchema, run: (ctx, value) => updateCollectionIntro(db, key(), value, ctx.actor, ctx.requestId) }),
    },
  })(args);
};

const FORM_INTENTS = ["upload", "add-group", "rename-group", "intro"] as const;

export default function DocumentCollectionEditor() {
  const { collection } = useLoaderData<typeof loader>();
  const { resultFor } = useEditorResults();
  return (
    <div className="container page">
      <p>
        <Link to="/admin/documentos">Volver a las colecciones</Link>
      </p>
      <h1>{collection.title}</h1>
      {collection.publicPath ? (
        <p>
          Página pública: <a href={collection.publicPath}>{collection.publicPath.replace(/#.*$/, "")}</a>
        </p>
      ) : null}
      <OtherEditorErrors ownForms={FORM_INTENTS} />
      <UploadForm groups={collection.groups} collectionKey={collection.key} />
      <AddGroupForm collectionKey={collection.key} />
      {collection.intro !== null ? (
        // A saved text remounts the form with the stored value.
        <>
          <IntroForm key={collection.intro} collectionKey={collection.key} intro={collection.intro} />
          <HistoryLink segment="documentos" recordKey={collection.key}>
            Historial de la introducción (versiones anteriores y «Restaurar»)
          </HistoryLink>
        </>
      ) : null}
      <h2>Años y grupos</h2>
      {collection.groups.length === 0 ? <p>Esta colección todavía no tiene grupos.</p> : null}
      {collection.groups.map((group, index) => (
        <GroupSection
          key={group.id}
          group={group}
          collectionKey={collection.key}
          first={index === 0}
          last={index === collection.groups.length - 1}
          lastResult={resultFor("rename-group", group.id)}
        />
      ))}
    </div>
  );
}
