import { getFormProps, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { staffAction } from "~/actions/pipeline.server";
import type { ActionReply } from "~/actions/reply.server";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ErrorSummary, Field, summaryErrors, type FieldMeta } from "~/components/forms";
import { filterOptions, FilterSelect, ListFilters } from "~/components/list-filters";
import { listPageHref, Pagination } from "~/components/pagination";
import { StaffTable } from "~/components/staff-table";
import { SubmitButton } from "~/components/submit-button";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { INVOICE_STATE_LABELS, INVOICE_STATES } from "~/finance/finance-labels";
import {
  listInvoiceRequests,
  markInvoiceIssued,
  parseInvoiceFilters,
  markInvoiceSchema,
  type InvoiceQueueRow,
} from "~/finance/invoices-admin.server";
import { CFDI_USES, TAX_REGIMES } from "~/payments/invoice-options";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { formatInstant } from "~/staff/teaching/format";
import teachingStyles from "~/styles/teaching.css";
import { redirectWithToast } from "~/utils/toast.server";
import { countOf } from "~/utils/plural";

/**
 * The one invoice-request queue (course enrolments and donations): finance (and admin). The
 * Teaching office had no invoice screen, so there is nothing to merge with.
 */
export const staffAccess = staffAccessOf("routes/admin.facturas._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction = () => [{ title: "Solicitudes de factura | Área del personal | HIMFG" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const filters = parseInvoiceFilters(new URL(request.url).searchParams);
  return { filters, ...(await listInvoiceRequests(db, filters)) };
}

/** «Marcar como facturada»: the request's id and the CFDI folio. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: markInvoiceSchema,
    step: (ctx, { value }) => markInvoiceIssued(db, ctx, { requestId: value.solicitud, folio: value.folio }),
    done: (outcome, { args }) => {
      const back = new URL(args.request.url);
      back.searchParams.delete("index");
      return redirectWithToast(`/admin/facturas${back.search}`, {
        type: "success",
        description: `La solicitud ${outcome.requestId} quedó marcada como facturada con el folio ${outcome.folio}.`,
      });
    },
  })(args);

/** The request a reply answers: the one its typed values name. */
const repliedRequest = (actionData: ActionReply | undefined) => (actionData ? String(actionData.result.initialValue?.solicitud ?? "") : null);

const optionLabel = (options: readonly { value: string; label: string }[], value: string) => options.find((o) => o.value === value)?.label ?? value;

const STATE_OPTIONS = filterOptions(INVOICE_STATES, (state) => INVOICE_STATE_LABELS[state]);

function pageHref(state: string | undefined, page: number): string {
  const params = new URLSearchParams();
  if (state) params.set("estado", state);
  if (page > 1) params.set("pagina", String(page));
  return listPageHref("/admin/facturas", params);
}

function MarkInvoicedForm({ row, lastResult }: { row: InvoiceQueueRow; lastResult: ActionReply["result"] | undefined }) {
  const [form, fields] = useForm<{ solicitud: string; folio: string }>({ id: `factura-${row.id}`, lastResult, shouldValidate: "onSubmit" });
  return (
    <Form method="post" {...getFormProps(form)} noValidate className="staff-form">
      <ErrorSummary
        title={`Revise la solicitud ${row.id}`}
        errors={summaryErrors([fields.folio] as FieldMeta[])}
        formErrors={form.errors}
        focusKey={lastResult}
      />
      <input type="hidden" name="solicitud" value={row.id} />
      <Field
        meta={fields.folio as FieldMeta}
        label={
          <>
            Folio del CFDI<span className="visually-hidden"> de la solicitud {row.id}</span>
          </>
        }
        hint="UUID o serie y folio: letras, números y guiones."
        maxLength={64}
        autoComplete="off"
        required
      />
      <SubmitButton formActionPath="/admin/facturas" pendingLabel="Guardando…">
        Marcar como facturada<span className="visually-hidden"> la solicitud {row.id}</span>
      </SubmitButton>
    </Form>
  );
}

export default function InvoiceQueue() {
  const { filters, rows, total, pages, pendingCount, allCount } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page staff-page">
      <h1>Solicitudes de factura</h1>
      <p>
        Inscripciones a cursos y donativos. El sitio no timbra CFDI: emita la factura en el sistema de facturación y registre aquí su folio.{" "}
        {pendingCount === 1 ? "1 solicitud pendiente" : `${pendingCount.toLocaleString("es-MX")} solicitudes pendientes`} de{" "}
        {allCount.toLocaleString("es-MX")}.
      </p>
      <ListFilters label="Filtrar las solicitudes de factura">
        <FilterSelect
          id="filtro-estado"
          name="estado"
          label="Mostrar"
          value={filters.state}
          anyLabel="Todas (pendientes primero)"
          options={STATE_OPTIONS}
        />
      </ListFilters>
      <p role="status">
        {total === 0
          ? "No hay solicitudes de factura con este filtro."
          : `${countOf(total, { one: "solicitud", other: "solicitudes" })}; página ${filters.page} de ${pages}.`}
      </p>
      {actionData && !rows.some((row) => String(row.id) === repliedRequest(actionData) && !row.cfdiFolio && row.paid) ? (
        <ErrorSummary
          title="No se marcó la solicitud"
          errors={[]}
          formErrors={actionData.result.error?.[""] ?? ["Revise la solicitud."]}
          focusKey={actionData}
        />
      ) : null}
      {rows.length > 0 ? (
        <StaffTable
          caption="Solicitudes de factura, pendientes primero"
          hideCaption
          testId="invoice-queue"
          columns={["Solicitud", "Concepto", "Datos fiscales", "Importe y pago", "Estado"]}
        >
          {rows.map((row) => (
            <tr key={row.id} data-testid={`solicitud-${row.id}`}>
              <th scope="row">
                Solicitud {row.id}
                <br />
                <small>{formatInstant(row.createdAt)}</small>
              </th>
              <td>
                {row.kind === "donativo" ? (
                  <Link to={`/admin/donativos/${row.ownerId}`}>{row.concept}</Link>
                ) : (
                  <Link to={`/admin/pagos/${row.ownerId}`}>{row.concept}</Link>
                )}
                <br />
                {row.personName}
                {row.personEmail ? (
                  <>
                    <br />
                    <small>{row.personEmail}</small>
                  </>
                ) : null}
              </td>
              <td>
                RFC {row.rfc}
                <br />
                {row.legalName}
                <br />
                <small>
                  {optionLabel(TAX_REGIMES, row.taxRegime)}; C.P. {row.postcode}; {optionLabel(CFDI_USES, row.cfdiUse)}
                </small>
                <br />
                <a href={`/admin/facturas/${row.id}/constancia`}>
                  Constancia<span className="visually-hidden"> de la solicitud {row.id}</span>
                </a>
              </td>
              <td>
                {formatMoney(row.amountCentavos)}
                <br />
                {row.paid ? "Pagado" : "Sin pago aprobado"}
              </td>
              <td>
                {row.cfdiFolio && row.invoicedAt ? (
                  <>
                    Facturada: folio <code>{row.cfdiFolio}</code>
                    <br />
                    <small>
                      {row.invoicedBy}, {formatInstant(row.invoicedAt)}
                    </small>
                  </>
                ) : row.paid ? (
                  <MarkInvoicedForm
                    row={row}
                    lastResult={actionData && repliedRequest(actionData) === String(row.id) ? actionData.result : undefined}
                  />
                ) : (
                  "Pendiente: se podrá facturar cuando el pago esté aprobado."
                )}
              </td>
            </tr>
          ))}
        </StaffTable>
      ) : null}
      <Pagination label="Páginas de solicitudes de factura" page={filters.page} pageCount={pages} hrefFor={(page) => pageHref(filters.state, page)} />
    </div>
  );
}
