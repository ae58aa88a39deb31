import { refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { createTransport } from "nodemailer";
import { demoMode, mailDestination, readConfig, type AppConfig } from "~/config.server";
import { db } from "~/db.server";
import { startMailCapture } from "./capture.server";
import { deliverMail } from "./deliveries.server";
import { mailLog } from "./mail-log.server";

/**
 * The site's one mailer. Every message goes out over SMTP: to SMTP_URL when it is set, otherwise
 * (unless MAIL_CAPTURE=false) to the in-process capture server, which stores it in mail_outbox
 * for developers and tests (docs/decisions/0008-mail-capture.md). Nothing is ever dropped: when
 * there is nowhere to send, sendMail says so and the server refuses to start.
 */

export interface MailAttachment {
  /** The name the recipient sees, e.g. "Constancia de inscripción.pdf". */
  filename: string;
  content: Buffer | Uint8Array | string;
  /** Guessed from the file name when omitted. */
  contentType?: string;
}

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  /** The plain-text version; every message has one. */
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  replyTo?: string;
}

/**
 * A message handed to SMTP (or the capture), or not: a failure is the one Outcome's refusal, 503 —
 * `problem.form[0]` the transport's error (never the SMTP password), `problem.code` its code (ECONNREFUSED, EAUTH…).
 */
export type SendMailOutcome = Outcome<{ messageId: string; accepted: string[]; rejected: string[] }>;

/** A failed send's error and code, as the outbox records them. */
export function sendFailure(outcome: Refusal): { error: string; code: string | null } {
  return { error: outcome.problem.form[0] ?? "", code: outcome.problem.code ?? null };
}

/** Where mail goes: a real SMTP server, or the capture. null: nowhere (a configuration error). */
export type MailMode = "smtp" | "capture";

export function mailMode(config: AppConfig = readConfig()): MailMode | null {
  // Captured mail is never delivered: only a demo, which says so on every page, may capture.
  return mailDestination(config);
}

/**
 * For the server's start: returns where mail will go, or throws when it would go nowhere
 * (SMTP_URL unset and MAIL_CAPTURE=false), so a misconfigured server never starts.
 */
export function assertMailConfigured(config: AppConfig = readConfig()): MailMode {
  const mode = mailMode(config);
  if (!mode) {
    throw new Error(
      "Mail is not configured: set SMTP_URL (e.g. smtp://user:password@smtp.example.org:587)" +
        (config.NODE_ENV === "production" ? "." : ", or remove MAIL_CAPTURE=false to capture mail locally."),
    );
  }
  return mode;
}

/**
 * The captured-mail pages (/dev/correos) exist only in a demo that captures mail. Anywhere else
 * (real use, or a demo that sends through SMTP_URL) they answer 404, whatever the client address.
 */
export function devMailPagesAvailable(config: AppConfig = readConfig()): boolean {
  return demoMode(config) && mailMode(config) === "capture";
}

// A request that sends mail (password reset...) must not hang for nodemailer's 2-minute default.
const TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * Sends one message, recorded in the outbox (mail_deliveries, deliveries.server.ts): a failure is
 * kept with its error and tried again by the job runner. Expected failures (SMTP down, bad
 * credentials, refused recipient) are values.
 */
export async function sendMail(mail: OutgoingMail): Promise<SendMailOutcome> {
  return deliverMail(db, mail, transmitMail);
}

/** Puts one message on the wire, without recording it (the outbox calls this). */
export async function transmitMail(mail: OutgoingMail): Promise<SendMailOutcome> {
  const config = readConfig();
  const started = Date.now();
  const recipients = (Array.isArray(mail.to) ? mail.to : [mail.to]).map((address) => address.trim()).filter(Boolean);
  const mode = mailMode(config);
  const fail = (error: string, code: string | null): SendMailOutcome => {
    mailLog("error", "mail not sent", { mode, recipients: recipients.length, code, error, durationMs: Date.now() - started });
    return refuse(503, code === null ? { form: error } : { form: error, code });
  };
  if (!mode) return fail("Mail is not configured: SMTP_URL is not set and MAIL_CAPTURE is false", "ECONFIG");
  if (recipients.length === 0) return fail("The message has no recipient", "EENVELOPE");
  if (!mail.subject.trim()) return fail("The message has no subject", "EMESSAGE");

  try {
    const transporter = mode === "smtp" ? createTransport({ url: config.SMTP_URL, ...TIMEOUTS }) : await captureTransport();
    try {
      const info = await transporter.sendMail({
        from: config.MAIL_FROM,
        to: recipients,
        replyTo: mail.replyTo,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: mail.attachments?.map((attachment) => ({
          filename: attachment.filename,
          content: typeof attachment.content === "string" ? attachment.content : Buffer.from(attachment.content),
          contentType: attachment.contentType,
        })),
      });
      const accepted = info.accepted.map(String);
      const rejected = info.rejected.map(String);
      mailLog("info", "mail sent", {
        mode,
        messageId: info.messageId,
        recipients: recipients.length,
        rejected: rejected.length,
        attachments: mail.attachments?.length ?? 0,
        durationMs: Date.now() - started,
      });
      return { ok: true, messageId: info.messageId, accepted, rejected };
    } finally {
      transporter.close();
    }
  } catch (error) {
    const code = typeof (error as { code?: unknown }).code === "string" ? (error as { code: string }).code : null;
    return fail(error instanceof Error ? error.message : String(error), code);
  }
}

async function captureTransport() {
  const capture = await startMailCapture();
  // Plain SMTP on loopback: the capture offers no STARTTLS and needs no credentials.
  return createTransport({ host: capture.host, port: capture.port, secure: false, ignoreTLS: true, ...TIMEOUTS });
}
