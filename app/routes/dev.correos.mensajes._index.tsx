import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DEV_MAIL_HEADERS, requireDevMailPages } from "~/mail/dev-pages.server";
import { renderMessage } from "~/mail/message";
import { MAIL_MESSAGES } from "~/mail/messages";
import devMailStyles from "~/styles/dev-mail.css";
import { pageMeta, rootOrigin } from "~/utils/seo";

const TITLE = "Mensajes del sitio";

export const headers = () => DEV_MAIL_HEADERS;

export const links: LinksFunction = () => [{ rel: "stylesheet", href: devMailStyles }];

export const meta: MetaFunction = ({ matches }) =>
  pageMeta({
    title: TITLE,
    description: "Cada correo que envía el sitio, con datos de ejemplo, sin tener que provocarlo.",
    path: "/dev/correos/mensajes",
    origin: rootOrigin(matches),
    noindex: true,
  });

/** Every message of app/mail/messages rendered with its sample input (demo only, like the captured mail). */
export async function loader({ context }: LoaderFunctionArgs) {
  requireDevMailPages(context);
  return {
    messages: MAIL_MESSAGES.map((message) => {
      const { subject, text } = renderMessage(message, message.sample);
      return { kind: message.kind, description: message.description, subject, text };
    }),
  };
}

export default function MailMessagePreviews() {
  const { messages } = useLoaderData<typeof loader>();
  return (
    <div className="container page dev-mail">
      <Breadcrumbs
        items={[
          { label: "Correos capturados", href: "/dev/correos" },
          { label: TITLE, href: "/dev/correos/mensajes" },
        ]}
      />
      <h1>{TITLE}</h1>
      <p className="dev-mail__notice">
        Cada correo que envía el sitio, con datos de ejemplo: así se revisa sin provocarlo. Nada de esta página se envía. La versión HTML todavía no
        se envía; los correos salen con su versión de texto.
      </p>
      <nav aria-labelledby="mensajes-indice">
        <h2 id="mensajes-indice">Índice</h2>
        <ul>
          {messages.map((message) => (
            <li key={message.kind}>
              <a href={`#${message.kind}`}>{message.subject}</a>
            </li>
          ))}
        </ul>
      </nav>
      {messages.map((message) => (
        <section key={message.kind} id={message.kind} aria-labelledby={`${message.kind}-titulo`} className="dev-mail__preview">
          <h2 id={`${message.kind}-titulo`}>{message.subject}</h2>
          <p>{message.description}</p>
          <h3>Texto</h3>
          <pre className="dev-mail__text">{message.text}</pre>
          <h3>HTML</h3>
          {/* Served by its own route with the captured mail's sandboxing CSP, in a sandboxed frame. */}
          <iframe
            className="dev-mail__frame"
            src={`/dev/correos/mensajes/${message.kind}`}
            sandbox=""
            referrerPolicy="no-referrer"
            title={`Versión HTML del correo «${message.subject}»`}
          />
          <p>
            <Link to={`/dev/correos/mensajes/${message.kind}`} reloadDocument>
              Abrir la versión HTML sola
            </Link>
          </p>
        </section>
      ))}
    </div>
  );
}
