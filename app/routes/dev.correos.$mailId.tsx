import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { db } from "~/db.server";
import { mailIdParam, requireDevMailPages, DEV_MAIL_HEADERS } from "~/mail/dev-pages.server";
import { formatByteSize, formatReceivedAt } from "~/mail/format";
import { getCapturedMail } from "~/mail/outbox.server";
import devMailStyles from "~/styles/dev-mail.css";
import { pageMeta, rootOrigin } from "~/utils/seo";

export const headers = () => DEV_MAIL_HEADERS;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: devMailStyles }];

export const meta: MetaFunction<typeof loader> = ({ data, matches }) =>
  pageMeta({
    title: data ? `Correo: ${data.mail.subject || "(sin asunto)"}` : "Correo capturado",
    description: "Un correo que el sitio envió y que el servidor de captura guardó.",
    path: data ? `/dev/correos/${data.mail.id}` : "/dev/correos",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** One captured message: headers, text, its HTML (in a sandboxed frame) and its attachments. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  requireDevMailPages(context);
  const mail = await getCapturedMail(db, mailIdParam(params.mailId));
  if (!mail) throw new Response("Not Found", { status: 404 });
  return { mail: { ...mail, receivedAtText: formatReceivedAt(mail.receivedAt) } };
}

export default function CapturedMailPage() {
  const { mail } = useLoaderData<typeof loader>();
  const subject = mail.subject || "(sin asunto)";
  const base = `/dev/correos/${mail.id}`;
  return (
    <div className="container page dev-mail">
      <Breadcrumbs
        items={[
          { label: "Correos capturados", href: "/dev/correos" },
          { label: subject, href: base },
        ]}
      />
      <h1>{subject}</h1>
      <dl className="dev-mail__headers">
        <dt>De</dt>
        <dd>{mail.from || mail.envelopeFrom || "—"}</dd>
        <dt>Para</dt>
        <dd>{mail.to || "—"}</dd>
        <dt>Destinatarios SMTP</dt>
        <dd>{mail.envelopeTo.join(", ")}</dd>
        <dt>Recibido</dt>
        <dd>
          <time dateTime={mail.receivedAt}>{mail.receivedAtText}</time>
        </dd>
        <dt>Message-ID</dt>
        <dd>
          <code>{mail.messageId ?? "—"}</code>
        </dd>
        <dt>Tamaño</dt>
        <dd>{formatByteSize(mail.rawSize)}</dd>
      </dl>

      <section aria-labelledby="correo-texto">
        <h2 id="correo-texto">Texto</h2>
        {mail.text ? <pre className="dev-mail__text">{mail.text}</pre> : <p>Este correo no tiene versión de texto.</p>}
      </section>

      <section aria-labelledby="correo-html">
        <h2 id="correo-html">HTML</h2>
        {mail.html !== null ? (
          <>
            {/* The sender's HTML never runs on our origin: a sandboxed frame, and the document itself is served with a sandbox CSP. */}
            <iframe
              className="dev-mail__frame"
              src={`${base}/html`}
              sandbox=""
              referrerPolicy="no-referrer"
              title={`Versión HTML del correo «${subject}»`}
            />
            <p>
              <a href={`${base}/html`}>Abrir la versión HTML sola</a>
            </p>
          </>
        ) : (
          <p>Este correo no tiene versión HTML.</p>
        )}
      </section>

      <section aria-labelledby="correo-adjuntos">
        <h2 id="correo-adjuntos">Adjuntos</h2>
        {mail.attachments.length === 0 ? (
          <p>Este correo no tiene adjuntos.</p>
        ) : (
          <ul className="dev-mail__attachments">
            {mail.attachments.map((attachment) => (
              <li key={attachment.position}>
                <a href={`${base}/adjuntos/${attachment.position}`} download={attachment.filename}>
                  {attachment.filename}
                </a>{" "}
                ({attachment.contentType}, {formatByteSize(attachment.size)})
              </li>
            ))}
          </ul>
        )}
      </section>

      <p>
        <Link to="/dev/correos">Volver a los correos capturados</Link>
      </p>
    </div>
  );
}
