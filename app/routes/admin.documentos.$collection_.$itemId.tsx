import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors } from "~/components/forms";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { parseEditorFields, readEditorForm, refusal } from "~/documents/document-editor-action.server";
import { COLLECTION_KEY, DocumentFileField } from "~/documents/document-editor-fields";
import { getDocumentForEditor, renameDocument, replaceDocumentFile, setDocumentRemoved } from "~/documents/document-editor.server";
import { noFieldsSchema, renameDocumentSchema } from "~/documents/document-forms.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-time";
import { redirectWithToast } from "~/utils/toast.server";

// One document: rename, replace its file (old URLs answer with the new one), remove or publish again (issue 12, decision 0024).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

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

/** intent = rename | replace | remove | restore. */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const { key, itemId } = paramsOf(params);
  const requestId = context.requestId ?? null;
  const form = await readEditorForm(request);
  if ("done" in form) return form.done;
  const back = `/admin/documentos/${key}/${itemId}`;

  if (form.intent === "rename") {
    const parsed = parseEditorFields(form, renameDocumentSchema);
    if ("done" in parsed) return parsed.done;
    const outcome = await renameDocument(db, key, itemId, parsed.value, actor, requestId);
    if (!outcome.ok) return refusal(form, parsed.submission, outcome);
    return redirectWithToast(back, { type: "success", description: outcome.message });
  }
  if (form.intent === "replace") {
    const parsed = parseEditorFields(form, noFieldsSchema, { needsFile: true });
    if ("done" in parsed) return parsed.done;
    const outcome = await replaceDocumentFile(db, key, itemId, { file: form.file! }, actor, requestId, now());
    if (!outcome.ok) return refusal(form, parsed.submission, outcome);
    return redirectWithToast(back, { type: "success", description: outcome.message });
  }
  if (form.intent === "remove" || form.intent === "restore") {
    const parsed = parseEditorFields(form, noFieldsSchema);
    if ("done" in parsed) return parsed.done;
    const outcome = await setDocumentRemoved(db, key, itemId, form.intent === "remove", actor, requestId, now());
    if (!outcome.ok) return refusal(form, parsed.submission, outcome);
    return redirectWithToast(back, { type: "success", description: outcome.message });
  }
  return data(
    {
      intent: form.intent,
      target: null,
      result: { status: "error", error: { "": ["No reconocemos esa acción. Recargue la página."] } } as SubmissionResult<string[]>,
    },
    { status: 400 },
  );
}

type ActionData = { intent: string; target: string | null; result: SubmissionResult<string[]> } | undefined;

export default function DocumentEditor() {
  const { document } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionData;
  const base = `/admin/documentos/${document.collectionKey}/${document.id}`;
  const [renameForm, renameFields] = useForm<{ title: string }>({
    id: "renombrar-documento",
    lastResult: actionData?.intent === "rename" ? actionData.result : undefined,
    defaultValue: { title: document.title },
    shouldValidate: "onSubmit",
  });
  const [replaceForm, replaceFields] = useForm<{ file: string }>({
    id: "reemplazar-archivo",
    lastResult: actionData?.intent === "replace" ? actionData.result : undefined,
    shouldValidate: "onSubmit",
  });
  const other = actionData && !["rename", "replace"].includes(actionData.intent) ? (actionData.result.error?.[""] ?? []) : [];
  return (
    <div className="container page">
      <p>
        <Link to={`/admin/documentos/${document.collectionKey}`}>Volver a {document.collectionTitle}</Link>
      </p>
      <h1>{document.title}</h1>
      <p>
        {document.collectionTitle} · {document.groupTitle} · {document.removedAt ? "Retirado del sitio (en el historial)" : "Publicado"}
      </p>
      {other.length ? <ErrorSummary title="No pudimos hacer el cambio" errors={[]} formErrors={other} focusKey={actionData} /> : null}
      {document.removedAt ? null : (
        <p>
          Archivo actual:{" "}
          <a href={document.href}>
            {document.details}
            <span className="visually-hidden"> de «{document.title}»</span>
          </a>
        </p>
      )}

      <section aria-labelledby="renombrar-titulo">
        <h2 id="renombrar-titulo">Cambiar el título</h2>
        <ErrorSummary
          title="No pudimos cambiar el título"
          errors={summaryErrors([renameFields.title])}
          formErrors={renameForm.errors}
          focusKey={actionData}
        />
        <Form method="post" action={base} {...getFormProps(renameForm)} className="form">
          <input type="hidden" name="intent" value="rename" />
          <Field meta={renameFields.title} label="Título del documento" required />
          <div className="form-actions">
            <button type="submit" className="button">
              Guardar el título
            </button>
          </div>
        </Form>
      </section>

      {document.isFile ? (
        <section aria-labelledby="reemplazar-titulo">
          <h2 id="reemplazar-titulo">Reemplazar el archivo</h2>
          <p>Los enlaces que ya circulan hacia este documento entregarán el archivo nuevo. El anterior queda en el historial.</p>
          <ErrorSummary
            title="No pudimos reemplazar el archivo"
            errors={summaryErrors([replaceFields.file])}
            formErrors={replaceForm.errors}
            focusKey={actionData}
          />
          <Form method="post" action={base} encType="multipart/form-data" {...getFormProps(replaceForm)} className="form">
            <input type="hidden" name="intent" value="replace" />
            <DocumentFileField meta={replaceFields.file} label="Archivo nuevo" />
            <div className="form-actions">
              <button type="submit" className="button">
                Reemplazar el archivo
              </button>
            </div>
          </Form>
        </section>
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
