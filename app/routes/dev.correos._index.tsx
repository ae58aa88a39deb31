import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { db } from "~/db.server";
import { runningMailCapture } from "~/mail/capture.server";
import { requireDevMailPages, DEV_MAIL_HEADERS } from "~/mail/dev-pages.server";
import { formatReceivedAt } from "~/mail/format";
import { mailMode } from "~/mail/mailer.server";
import { listCapturedMail } from "~/mail/outbox.server";
import devMailStyles from "~/styles/dev-mail.css";
import { pageMeta, rootOrigin } from "~/utils/seo";

const TITLE = "Correos capturados";

export const headers = () => DEV_MAIL_HEADERS;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: devMailStyles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: TITLE,
    description: "Correos que el sitio envió y que el servidor de captura guardó en lugar de entregarlos.",
    path: "/dev/correos",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** The captured outbox, newest first, optionally for one recipient (?para=). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireDevMailPages(context);
  const recipient = new URL(request.url).searchParams.get("para")?.trim() ?? "";
  const [mails, capture] = await Promise.all([listCapturedMail(db, { to: recipient || undefined, limit: 200 }), runningMailCapture()]);
  return {
    recipient,
    capturing: mailMode() === "capture",
    captureAddress: capture ? `smtp://${capture.host}:${capture.port}` : null,
    mails: mails.map((mail) => ({
      id: mail.id,
      receivedAt: mail.receivedAt,
      receivedAtText: formatReceivedAt(mail.receivedAt),
      to: mail.to || mail.envelopeTo.join(", "),
      subject: mail.subject,
      attachmentCount: mail.attachments.length,
    })),
  };
}

export default function CapturedMailList() {
  const { recipient, capturing, captureAddress, mails } = useLoaderData<typeof loader>();
  return (
    <div className="container page dev-mail">
      <Breadcrumbs items={[{ label: TITLE, href: "/dev/correos" }]} />
      <h1>{TITLE}</h1>
      <p className="dev-mail__notice">
        {capturing
          ? "Este servidor no entrega correo: cada mensaje que envía el sitio se guarda aquí para revisarlo."
          : "Este servidor envía el correo por SMTP; aquí solo aparecen los mensajes capturados antes."}
        {captureAddress ? (
          <>
            {" "}
            Servidor de captura: <code>{captureAddress}</code>.
          </>
        ) : null}
      </p>
      <p>
        <Link to="/dev/correos/mensajes">Ver cada mensaje del sitio con datos de ejemplo</Link>
      </p>
      <Form method="get" className="dev-mail__filter">
        <label>
          Destinatario
          <input type="email" name="para" defaultValue={recipient} autoComplete="off" />
        </label>
        <button type="submit" className="button">
          Filtrar
        </button>
        {recipient ? <Link to="/dev/correos">Ver todos</Link> : null}
      </Form>
      {mails.length === 0 ? (
        <p>{recipient ? `No hay correos capturados para ${recipient}.` : "Todavía no hay correos capturados."}</p>
      ) : (
        <div className="dev-mail__table-wrapper">
          <table className="dev-mail__table">
            <caption>{mails.length === 1 ? "1 correo" : `${mails.length} correos`}, del más reciente al más antiguo</caption>
            <thead>
              <tr>
                <th scope="col">Recibido</th>
                <th scope="col">Para</th>
                <th scope="col">Asunto</th>
                <th scope="col">Adjuntos</th>
              </tr>
            </thead>
            <tbody>
              {mails.map((mail) => (
                <tr key={mail.id}>
                  <td>
                    <time dateTime={mail.receivedAt}>{mail.receivedAtText}</time>
                  </td>
                  <td>{mail.to}</td>
                  <td>
                    <Link to={`/dev/correos/${mail.id}`}>{mail.subject || "(sin asunto)"}</Link>
                  </td>
                  <td>{mail.attachmentCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
