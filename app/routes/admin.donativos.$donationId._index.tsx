import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { staffAction } from "~/actions/pipeline.server";
import { centavosToPesos } from "~/courses/course-form";
import { formatMoney } from "~/courses/pricing";
import { db } from "~/db.server";
import { DonationAttempts, DonationFiles, DonationInvoice, DonationRefund } from "~/finance/donation-detail-view";
import { getDonationDetail } from "~/finance/donations-admin.server";
import { DONATION_LIST_STATE_LABELS, DONATION_STATUS_LABELS } from "~/finance/finance-labels";
import { staffAccessOf } from "~/staff/access-registry";
import { requireStaff } from "~/staff/guard.server";
import { formatInstant } from "~/staff/teaching/format";
import { donationRefundSchema } from "~/staff/teaching/payment-forms.server";
import { recordRefund } from "~/staff/teaching/refunds.server";
import { idParam } from "~/staff/teaching/route-helpers.server";
import teachingStyles from "~/styles/teaching.css";
import { redirectWithToast } from "~/utils/toast.server";

/** One donation: finance (and admin). */
export const staffAccess = staffAccessOf("routes/admin.donativos.$donationId._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: teachingStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? `Donativo ${data.donation.controlNumber}` : "Donativo"} | Área del personal | HIMFG` },
];

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const detail = await getDonationDetail(db, idParam(params.donationId));
  if (!detail) throw new Response("No encontrado", { status: 404 });
  // The refund form starts at the whole amount paid, in pesos as it is typed.
  return { ...detail, refundDefault: detail.refundableCentavos === null ? "" : centavosToPesos(detail.refundableCentavos) };
}

/** «Registrar reembolso»: the amount (pesos) and the reason; the server finds the payment and checks the rest. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: donationRefundSchema,
    step: (ctx, { value, args }) =>
      recordRefund(db, ctx, { donationId: idParam(args.params.donationId), amountCentavos: value.amount, reason: value.reason }),
    done: (_outcome, { args }) =>
      redirectWithToast(`/admin/donativos/${idParam(args.params.donationId)}`, {
        type: "success",
        description: "Registramos el reembolso del donativo. El recibo ya no se enviará al donante.",
      }),
  })(args);

export default function DonationDetailPage() {
  const { donation, attempts, invoice, refund, refundableCentavos, refundDefault } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const path = `/admin/donativos/${donation.id}`;
  return (
    <div className="container page staff-page">
      <p>
        <Link to="/admin/donativos">← Donativos</Link>
      </p>
      <h1>Donativo de {donation.donorName}</h1>
      <dl className="data-list">
        <dt>Donante</dt>
        <dd>{donation.donorName}</dd>
        <dt>Correo electrónico</dt>
        <dd>{donation.donorEmail}</dd>
        <dt>Importe</dt>
        <dd>{formatMoney(donation.amountCentavos)} MXN</dd>
        <dt>Número de control</dt>
        <dd>
          <code>{donation.controlNumber}</code>
        </dd>
        <dt>Estado</dt>
        <dd>
          {refund
            ? `${DONATION_LIST_STATE_LABELS.reembolsada} (${DONATION_STATUS_LABELS[donation.status].toLowerCase()} por el banco)`
            : DONATION_STATUS_LABELS[donation.status]}
        </dd>
        <dt>Fecha</dt>
        <dd>{formatInstant(donation.createdAt)}</dd>
        {donation.approvedAt ? (
          <>
            <dt>Aprobado</dt>
            <dd>{formatInstant(donation.approvedAt)}</dd>
          </>
        ) : null}
        <dt>Recibo por correo</dt>
        <dd>
          {donation.receiptSentAt
            ? `Enviado el ${formatInstant(donation.receiptSentAt)}`
            : refund
              ? "No enviado: el donativo se reembolsó y el recibo ya no se envía"
              : "No enviado"}
        </dd>
      </dl>

      <DonationRefund refund={refund} refundableCentavos={refundableCentavos} refundDefault={refundDefault} path={path} actionData={actionData} />
      <DonationFiles donation={donation} />
      <DonationAttempts attempts={attempts} />
      <DonationInvoice invoice={invoice} />
    </div>
  );
}
