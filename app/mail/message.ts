import type { MailAttachment, OutgoingMail } from "./mailer.server";

/**
 * One message the site sends (issue 23): its typed input, its subject and its body, written once
 * in its own module under app/mail/messages/. The body is a list of lines: the text part is those
 * lines joined by line breaks, word for word; the HTML part is drawn from the same lines (a blank
 * line ends a paragraph, "- " lines make a list, every address becomes a link), every value
 * escaped. `sample` is the input the demo's preview (/dev/correos/mensajes) renders it with.
 */
export interface MailMessage<Input> {
  /** The message's name in the registry and in the preview's address, e.g. "restablecer-contrasena". */
  kind: string;
  /** What it is and when it is sent, in Spanish, for the preview. */
  description: string;
  subject: (input: Input) => string;
  lines: (input: Input) => string[];
  sample: Input;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export function defineMessage<Input>(message: MailMessage<Input>): MailMessage<Input> {
  return message;
}

/** The subject, the text and the HTML part: a whole document (language, charset, the subject as its title). */
export function renderMessage<Input>(message: MailMessage<Input>, input: Input): RenderedMail {
  const lines = message.lines(input);
  const subject = message.subject(input);
  const html = `<!doctype html><html lang="es-MX"><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body>${linesToHtml(lines)}</body></html>`;
  return { subject, text: lines.join("\n"), html };
}

/**
 * The mail to hand to sendMail/queueMail: the message's subject, its text and, as the text's
 * alternative, its HTML, for these recipients (decision 0049).
 */
export function mailFor<Input>(
  message: MailMessage<Input>,
  input: Input,
  envelope: { to: string | string[]; attachments?: MailAttachment[]; replyTo?: string },
): OutgoingMail {
  const { subject, text, html } = renderMessage(message, input);
  return { ...envelope, subject, text, html };
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
}

/** A full address inside a line; a closing mark after it («.», «,», «)»…) is not part of it. */
const ADDRESS = /https?:\/\/[^\s<>"'«»]+/g;

function inlineHtml(line: string): string {
  let html = "";
  let last = 0;
  for (const match of line.matchAll(ADDRESS)) {
    const address = match[0].replace(/[.,;:)]+$/, "");
    const start = match.index;
    html += escapeHtml(line.slice(last, start)) + `<a href="${escapeHtml(address)}">${escapeHtml(address)}</a>`;
    last = start + address.length;
  }
  return html + escapeHtml(line.slice(last));
}

/** The HTML part of a body: paragraphs (lines joined by <br>), and "- " lines as a list. */
export function linesToHtml(lines: string[]): string {
  const blocks: string[] = [];
  let paragraph: string[] = [];
  let list: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) blocks.push(`<p>${paragraph.join("<br>")}</p>`);
    if (list.length > 0) blocks.push(`<ul>${list.map((item) => `<li>${item}</li>`).join("")}</ul>`);
    paragraph = [];
    list = [];
  };
  for (const line of lines) {
    if (line.trim() === "") {
      flush();
    } else if (line.startsWith("- ")) {
      if (paragraph.length > 0) {
        blocks.push(`<p>${paragraph.join("<br>")}</p>`);
        paragraph = [];
      }
      list.push(inlineHtml(line.slice(2)));
    } else {
      if (list.length > 0) flush();
      paragraph.push(inlineHtml(line));
    }
  }
  flush();
  return `<div lang="es-MX" style="font-family: Arial, Helvetica, sans-serif; font-size: 16px; line-height: 1.5; color: #1a1a1a">${blocks.join("")}</div>`;
}
