import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import type { AddressObject, ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from "smtp-server";
import { readConfig } from "~/config.server";
import { db as processDatabase, type DB } from "~/db.server";
import { onShutdown } from "~/utils/shutdown.server";
import { singleton } from "~/utils/singleton.server";
import { mailLog } from "./mail-log.server";
import { storeCapturedMail } from "./outbox.server";

/**
 * The mail capture: an SMTP server inside this process, on 127.0.0.1 only, that accepts every
 * message, parses it and stores it in mail_outbox (docs/decisions/0008-mail-capture.md). The
 * mailer sends to it over real SMTP, so the whole path (MIME encoding, attachments, the SMTP
 * conversation) is the one production uses; only the receiving end differs.
 */

export interface MailCapture {
  host: string;
  port: number;
  stop(): Promise<void>;
}

export interface MailCaptureOptions {
  /** Where captured messages are stored; the process database by default. */
  db?: Kysely<DB>;
  /** 0 picks a free port; MAIL_CAPTURE_PORT by default. */
  port?: number;
}

/** Larger messages are refused (552), never truncated. */
const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
const HOST = "127.0.0.1";

// One capture per process, shared by the Express server and the Remix bundle (both import this
// module; see singleton.server.ts).
const state = singleton("mail-capture", () => ({ running: null as Promise<MailCapture> | null }));

/**
 * Starts the capture if it is not running yet and returns it. Safe to call many times and
 * concurrently: every caller gets the same server.
 */
export function startMailCapture(options: MailCaptureOptions = {}): Promise<MailCapture> {
  state.running ??= listen(options).catch((error: unknown) => {
    state.running = null;
    throw error;
  });
  return state.running;
}

/** The running capture, if any (without starting one). */
export async function runningMailCapture(): Promise<MailCapture | null> {
  return state.running ? state.running.catch(() => null) : null;
}

export async function stopMailCapture(): Promise<void> {
  const running = state.running;
  state.running = null;
  if (running) await (await running.catch(() => null))?.stop();
}

async function listen(options: MailCaptureOptions): Promise<MailCapture> {
  const database = options.db ?? processDatabase;
  const server = new SMTPServer({
    name: "himfg-mail-capture",
    banner: "HIMFG mail capture: messages are stored, never delivered",
    // Loopback only, so no TLS; nodemailer is told not to try STARTTLS either.
    disabledCommands: ["STARTTLS"],
    authOptional: true,
    size: MAX_MESSAGE_BYTES,
    logger: false,
    // The only client is this process; a reverse DNS lookup per message would only add delay.
    disableReverseLookup: true,
    closeTimeout: 2_000,
    onData(stream, session, callback) {
      receive(database, stream, session).then(
        (id) => callback(null, `Message captured as ${id}`),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });
  // Connection-level problems (a client hanging up) must not take the site down.
  server.on("error", (error) => mailLog("warn", "mail capture connection error", { error: String(error) }));

  const port = options.port ?? readConfig().MAIL_CAPTURE_PORT;
  await new Promise<void>((resolve, reject) => {
    const onListenError = (error: Error) => reject(error);
    server.server.once("error", onListenError);
    server.listen(port, HOST, () => {
      server.server.off("error", onListenError);
      resolve();
    });
  });
  const address = server.server.address() as AddressInfo;

  let stopped: Promise<void> | null = null;
  const capture: MailCapture = {
    host: HOST,
    port: address.port,
    stop() {
      stopped ??= new Promise<void>((resolve) => server.close(() => resolve())).then(() =>
        mailLog("info", "mail capture stopped", { port: address.port }),
      );
      return stopped;
    },
  };
  onShutdown(() => capture.stop());
  const production = readConfig().NODE_ENV === "production";
  mailLog(production ? "warn" : "info", "mail capture listening", {
    smtp: `smtp://${HOST}:${address.port}`,
    readAt: "/dev/correos",
    ...(production ? { note: "SMTP_URL is not set: mail is stored in mail_outbox, not delivered" } : {}),
  });
  return capture;
}

async function receive(database: Kysely<DB>, stream: SMTPServerDataStream, session: SMTPServerSession): Promise<number> {
  const chunks: Buffer[] = [];
  await new Promise<void>((resolve, reject) => {
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.once("end", () => resolve());
    stream.once("error", reject);
  });
  if (stream.sizeExceeded) {
    throw Object.assign(new Error(`Message larger than ${MAX_MESSAGE_BYTES} bytes`), { responseCode: 552 });
  }
  const raw = Buffer.concat(chunks);
  try {
    // Loaded with the first message, not at start: mailparser and what it pulls in cost ~0.1 s of
    // every cold start (decision 0063).
    const { simpleParser } = await import("mailparser");
    const parsed = await simpleParser(raw);
    const id = await storeCapturedMail(database, {
      messageId: parsed.messageId ?? null,
      envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : null,
      envelopeTo: session.envelope.rcptTo.map((recipient) => recipient.address),
      from: addressText(parsed.from),
      to: addressText(parsed.to),
      subject: parsed.subject ?? "",
      text: parsed.text ?? "",
      html: parsed.html === false ? null : parsed.html,
      attachments: attachmentsOf(parsed),
      rawSize: raw.byteLength,
    });
    mailLog("info", "mail captured", { id, messageId: parsed.messageId ?? null, rawSize: raw.byteLength });
    return id;
  } catch (error) {
    mailLog("error", "mail capture could not store a message", { error: String(error) });
    // 451: a temporary local error, so the sender reports a failure instead of a silent loss.
    throw Object.assign(new Error("The capture could not store the message"), { responseCode: 451 });
  }
}

function addressText(address: AddressObject | AddressObject[] | undefined): string {
  if (!address) return "";
  return (Array.isArray(address) ? address : [address]).map((entry) => entry.text).join(", ");
}

function attachmentsOf(parsed: ParsedMail) {
  return parsed.attachments.map((attachment, index) => ({
    filename: attachment.filename?.slice(0, 255) || `adjunto-${index + 1}`,
    contentType: attachment.contentType || "application/octet-stream",
    contentId: attachment.cid ?? null,
    data: attachment.content,
  }));
}
