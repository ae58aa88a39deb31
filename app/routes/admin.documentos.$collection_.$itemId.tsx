import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Field } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { staffAction } from "~/actions/pipeline.server";
import { documentBody, documentIntent } from "~/documents/document-editor-action.server";
import { COLLECTION_KEY, DocumentFileField, EditorFormSection, OtherEditorErrors, useEditorForm } from "~/documents/document-editor-fields";
import { getDocumentForEditor, renameDocument, replaceDocumentFile, setDocumentRemoved } from "~/documents/document-editor.server";
import {
  DOCUMENT_TOO_LARGE_MESSAGE,
  DOCUMENT_FORM_MAX_BYTES,
  noFieldsSchema,
  renameDocumentSchema,
  replaceDocumentSchema,
} from "~/documents/document-forms.server";
import { requireStaff } from "~/staff/guard.server";
import { now } from "~/utils/clock.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = DOCUMENT_FORM_MAX_BYTES;
export const bodyTooLargeMessage = DOCUMENT_TOO_LARGE_MESSAGE;

// One document: rename, replace its file (old URLs answer with the new one), remove or publish again (issue 12, decision 0024).
export const staffAccess = staffAccessOf("routes/admin.documentos.$collection_.$itemId");

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.document.title ?? "Documento"} | Documentos | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

function paramsOf(params: { collection?: string; itemId?: string }): { key: string; itemId: number } {
  if (!COLLECTION_KEY.test(params.collection ?? "") || !/^[1-9][0-9]{0,11}$/.test(params.itemId ?? "")) {
    throw new Response("No encontramos este documento", { status: 404 });
  }
  return { key: params.collection!, itemId: Number(params.itemId) };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const { key, itemId } = paramsOf(params);
  const document = await getDocumentForEditor(db, key, itemId);
  if (!document) throw new Response("No encontramos este documento", { status: 404 });
  return { document };
}

/** intent = rename | replace | remove | restore; each parses its schema and calls one domain function. */
export const action = (args: ActionFunctionArgs) => {
  const document = () => paramsOf(args.params);
  const back = () => `/admin/documentos/${document().key}/${document().itemId}`;
  const setRemoved = (removed: boolean) =>
    documentIntent(back, {
      schema: noFieldsSchema,
      run: (ctx) => setDocumentRemoved(db, document().key, document().itemId, removed, ctx.actor, ctx.requestId, now()),
    });
  return staffAction({
    access: staffAccess,
    read: documentBody,
    intents: {
      rename: documentIntent(back, {
        schema: renameDocumentSchema,
        run: (ctx, value) => renameDocument(db, document().key, document().itemId, value, ctx.actor, ctx.requestId),
      }),
      replace: documentIntent(back, {
        schema: replaceDocumentSchema,
        needsFile: true,
        run: (ctx, value, file) =>
          replaceDocumentFile(
            db,
            document().key,
            document().itemId,
            { file: file!, formerAddress: value.formerAddress },
            ctx.actor,
            ctx.requestId,
            now(),
          ),
      }),
      remove: setRemoved(true),
      restore: setRemoved(false),
    },
  })(args);
};

export default function DocumentEditor() {
  const { document } = useLoaderData<typeof loader>();
  const base = `/admin/documentos/${document.collectionKey}/${document.id}`;
  const [renameForm, renameFields] = useEditorForm("rename", { title: document.title });
  const [replaceForm, replaceFields] = useEditorForm<{ file?: string; formerAddress?: string }>("replace", {});
  return (
    <div className="container page">
      <p>
        <Link to={`/admin/documentos/${document.collectionKey}`}>Volver a {document.collectionTitle}</Link>
      </p>
      <h1>{document.title}</h1>
      <p>
        {document.collectionTitle} · {document.groupTitle} · {document.removedAt ? "Retirado del sitio (en el historial)" : "Publicado"}
      </p>
      <OtherEditorErrors ownForms={["rename", "replace"]} />
      {document.removedAt ? null : (
        <p>
          Archivo actual:{" "}
          <a href={document.href}>
            {document.details}
            <span className="visually-hidden"> de «{document.title}»</span>
          </a>
        </p>
      )}

      <EditorFormSection intent="rename" form={renameForm} fields={[renameFields.title]} action={base}>
        <Field meta={renameFields.title} label="Título del documento" required />
      </EditorFormSection>

      {document.isFile ? (
        <>
          <p>Los enlaces que ya circulan hacia este documento entregarán el archivo nuevo. El anterior queda en el historial.</p>
          <EditorFormSection intent="replace" form={replaceForm} fields={[replaceFields.file, replaceFields.formerAddress]} action={base}>
            <DocumentFileField meta={replaceFields.file} label="Archivo nuevo" />
            <Field
              meta={replaceFields.formerAddress}
              label="Dirección anterior (opcional)"
              hint="Si el archivo estaba en el sitio anterior, escriba su ruta, por ejemplo /descargas/documentos/informe.pdf: los enlaces viejos llevarán a este documento."
              inputMode="url"
              autoComplete="off"
              spellCheck={false}
              maxLength={300}
            />
          </EditorFormSection>
        </>
      ) : null}

      <section aria-labelledby="retirar-titulo">
        <h2 id="retirar-titulo">{document.removedAt ? "Volver a publicar" : "Retirar del sitio"}</h2>
        <p>
          {document.removedAt
            ? `Se retiró el ${formatMexicoCityDateTime(document.removedAt)}. Puede volver a publicarlo en el mismo lugar.`
            : "El documento deja de mostrarse en la página y en la búsqueda, y sus enlaces dejan de responder. No se borra: queda en el historial y puede volver a publicarse."}
        </p>
        <Form method="post" action={base}>
          <input type="hidden" name="intent" value={document.removedAt ? "restore" : "remove"} />
          <button type="submit" className={document.removedAt ? "button" : "button button--secondary"}>
            {document.removedAt ? "Volver a publicar" : "Retirar el documento"}
          </button>
        </Form>
      </section>

      {document.previousFiles.length ? (
        <section aria-labelledby="historial-titulo">
          <h2 id="historial-titulo">Archivos anteriores</h2>
          <StaffTable caption="Archivos anteriores de este documento" hideCaption columns={["Archivo", "Reemplazado"]}>
            {document.previousFiles.map((file) => (
              <tr key={file.url}>
                <th scope="row">{file.details}</th>
                <td>{formatMexicoCityDateTime(file.replacedAt)}</td>
              </tr>
            ))}
          </StaffTable>
        </section>
      ) : null}
    </div>
  );
}
