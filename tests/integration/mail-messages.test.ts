import type { LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { stopMailCapture } from "~/mail/capture.server";
import { mailFor, renderMessage, type MailMessage } from "~/mail/message";
import { MAIL_MESSAGES, findMailMessage } from "~/mail/messages";
import { loader as previewHtmlLoader } from "~/routes/dev.correos.mensajes.$kind";
import { loader as previewListLoader } from "~/routes/dev.correos.mensajes._index";

// Issue 23: every message the site sends is one module (app/mail/messages), registered once,
// rendered in the demo's /dev/correos/mensajes with its sample input.

const HOSTILE = `<script>alert("x")</script><img src=x onerror=alert(1)> & 'comillas'`;
/** Fields whose values are keys of a label table (a status, a role…) or an instant, kept as they are. */
const KEYS = new Set(["kind", "status", "modality", "role", "approvedAt"]);

/** The sample with the hostile string appended to every free-text value, however deep. */
function hostile(value: unknown, key = ""): unknown {
  if (typeof value === "string") return KEYS.has(key) ? value : `${value} ${HOSTILE}`;
  if (Array.isArray(value)) return value.map((item) => hostile(item));
  if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, hostile(v, k)]));
  return value;
}

async function callLoader(loader: (args: LoaderFunctionArgs) => Promise<unknown>, url: string, params: Record<string, string> = {}) {
  try {
    const context = { cspNonce: "", requestId: "test", clientAddress: "127.0.0.1" };
    return await loader({ request: new Request(`http://localhost${url}`), params, context });
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const saved = { ...process.env };
beforeAll(() => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_CAPTURE;
});
afterAll(async () => {
  process.env = saved;
  await stopMailCapture();
});

describe("the message registry", () => {
  test("holds every message the site sends, each kind once", () => {
    const kinds = MAIL_MESSAGES.map((message) => message.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds.length).toBeGreaterThanOrEqual(13);
    for (const kind of kinds) expect(kind).toMatch(/^[a-z0-9-]+$/);
  });

  test.each(MAIL_MESSAGES.map((message) => [message.kind, message] as const))("%s renders its sample: subject, text and HTML", (_kind, message) => {
    const { subject, text, html } = renderMessage(message, message.sample);
    expect(subject.trim()).not.toBe("");
    expect(text.trim()).not.toBe("");
    expect(message.description.trim()).not.toBe("");
    // The HTML says what the text says, and every address in it is a link.
    for (const line of text.split("\n").filter((line) => line.trim() && !/https?:\/\//.test(line))) {
      expect(html).toContain(
        line.replace(/^- /, "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;"),
      );
    }
    for (const address of text.match(/https?:\/\/[^\s]+/g) ?? []) expect(html).toContain(`<a href="${address}">`);
  });

  test.each(MAIL_MESSAGES.map((message) => [message.kind, message] as const))("%s escapes hostile input in its HTML", (_kind, message) => {
    const { text, html } = renderMessage(message as MailMessage<unknown>, hostile(message.sample));
    expect(text).toContain(HOSTILE);
    expect(html).not.toMatch(/<script|<img|onerror=alert\(1\)>/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  test("the mail handed to the mailer carries the subject, the text and its HTML alternative, and the envelope", () => {
    const message = findMailMessage("restablecer-contrasena")!;
    const mail = mailFor(message, message.sample, { to: "ana@ejemplo.mx" });
    const { text, html } = renderMessage(message, message.sample);
    expect(mail).toEqual({ to: "ana@ejemplo.mx", subject: "Restablecer su contraseña", text, html });
  });
});

describe("the preview in the demo's mail viewer", () => {
  test("/dev/correos/mensajes lists every message with its subject and text", async () => {
    const data = (await callLoader(previewListLoader, "/dev/correos/mensajes")) as { messages: { kind: string; subject: string; text: string }[] };
    expect(data).not.toBeInstanceOf(Response);
    expect(data.messages.map((message) => message.kind)).toEqual(MAIL_MESSAGES.map((message) => message.kind));
    for (const message of data.messages) expect(message.subject).not.toBe("");
  });

  test("each message's HTML is served sandboxed; an unknown kind is a 404", async () => {
    for (const message of MAIL_MESSAGES) {
      const response = (await callLoader(previewHtmlLoader, `/dev/correos/mensajes/${message.kind}`, { kind: message.kind })) as Response;
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Security-Policy")).toContain("sandbox");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.text()).toContain(renderMessage(message, message.sample).html);
    }
    const unknown = (await callLoader(previewHtmlLoader, "/dev/correos/mensajes/no-existe", { kind: "no-existe" })) as Response;
    expect(unknown.status).toBe(404);
  });

  test("outside a demo that captures mail the preview is a 404", async () => {
    process.env.NODE_ENV = "production";
    process.env.SMTP_URL = "smtp://usuario:secreto@mail.himfg.edu.mx:587";
    try {
      expect(((await callLoader(previewListLoader, "/dev/correos/mensajes")) as Response).status).toBe(404);
      const kind = MAIL_MESSAGES[0]!.kind;
      expect(((await callLoader(previewHtmlLoader, `/dev/correos/mensajes/${kind}`, { kind })) as Response).status).toBe(404);
    } finally {
      process.env.NODE_ENV = saved.NODE_ENV;
      delete process.env.SMTP_URL;
    }
  });
});
