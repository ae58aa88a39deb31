import type { Kysely } from "kysely";
import type { DB } from "~/db.server";
import { notFound, refuse, type Outcome, type Refusal } from "~/actions/outcome";
import { sendFailure, type MailAttachment, type OutgoingMail, type SendMailOutcome } from "./mailer.server";
import * as clock from "~/utils/clock.server";

/**
 * The outbox (table mail_deliveries, decision 0043): every message the site sends is recorded
 * before it goes out, with its outcome. A message that could not be sent keeps its whole content,
 * and the job runner's «correo» job tries it again (after 5 min, 30 min and 2 h); after that it
 * stays «fallido» until an administrator presses «Reintentar» on /admin/sistema. A sent message
 * keeps only its recipients, subject and time (its body and attachments are dropped).
 */

export type Transmit = (mail: OutgoingMail) => Promise<SendMailOutcome>;

/** Automatic tries after the first, minutes after the failure before each. */
const RETRY_AFTER_MINUTES = [5, 30, 120];
/** A message being sent is not picked by the job for this long (a crash mid-send is retried later). */
const SENDING_LEASE_MINUTES = 10;
const MAX_ERROR = 2000;

interface StoredMessage {
  to: string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: { filename: string; contentType?: string; base64: string }[];
}

function toStored(mail: OutgoingMail): StoredMessage {
  return {
    to: Array.isArray(mail.to) ? mail.to : [mail.to],
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    replyTo: mail.replyTo,
    attachments: mail.attachments?.map((attachment: MailAttachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      base64: Buffer.from(typeof attachment.content === "string" ? Buffer.from(attachment.content) : attachment.content).toString("base64"),
    })),
  };
}

function fromStored(message: StoredMessage): OutgoingMail {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    replyTo: message.replyTo,
    attachments: message.attachments?.map((attachment) => ({
      filename: attachment.filename,
      contentType: attachment.contentType,
      content: Buffer.from(attachment.base64, "base64"),
    })),
  };
}

const minutesAfter = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000).toISOString();

/** Writes a message into the outbox, waiting, to be tried at `nextAttemptAt`. Returns its id. */
async function recordMail(db: Kysely<DB>, mail: OutgoingMail, now: Date, nextAttemptAt: string): Promise<number> {
  const message = toStored(mail);
  const row = await db
    .insertInto("mail_deliveries")
    .values({
      recipients: JSON.stringify(message.to),
      subject: mail.subject,
      status: "en_espera",
      last_error: null,
      message: JSON.stringify(message),
      created_at: now.toISOString(),
      sent_at: null,
      next_attempt_at: nextAttemptAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Records a message in the outbox, waiting for the «correo» job (the alerts use it). Returns its id. */
export async function queueMail(db: Kysely<DB>, mail: OutgoingMail, now: Date = clock.now()): Promise<number> {
  return recordMail(db, mail, now, now.toISOString());
}

/**
 * Records a message and sends it at once (what sendMail does); the outcome is recorded too. While
 * it is being sent, the «correo» job leaves it alone for SENDING_LEASE_MINUTES.
 */
export async function deliverMail(db: Kysely<DB>, mail: OutgoingMail, transmit: Transmit, now: Date = clock.now()): Promise<SendMailOutcome> {
  const id = await recordMail(db, mail, now, minutesAfter(now, SENDING_LEASE_MINUTES));
  return sendRecorded(db, id, mail, 0, transmit);
}

async function sendRecorded(db: Kysely<DB>, id: number, mail: OutgoingMail, attemptsBefore: number, transmit: Transmit): Promise<SendMailOutcome> {
  const outcome = await transmit(mail);
  const at = clock.now();
  if (outcome.ok) {
    await db
      .updateTable("mail_deliveries")
      .set({ status: "enviado", sent_at: at.toISOString(), message: null, last_error: null, next_attempt_at: null, attempts: attemptsBefore + 1 })
      .where("id", "=", id)
      .execute();
  } else {
    const retryIn = RETRY_AFTER_MINUTES[attemptsBefore];
    await db
      .updateTable("mail_deliveries")
      .set({
        status: "fallido",
        last_error: failureText(outcome).slice(0, MAX_ERROR),
        next_attempt_at: retryIn === undefined ? null : minutesAfter(at, retryIn),
        attempts: attemptsBefore + 1,
      })
      .where("id", "=", id)
      .execute();
  }
  return outcome;
}

/**
 * Claims one message for sending (a conditional update, so two senders never both send it) and
 * sends it. `force`: an administrator's retry, whatever its next try time. Returns null when the
 * message is not there, already sent or being sent.
 */
async function claimAndSend(db: Kysely<DB>, id: number, transmit: Transmit, now: Date, force: boolean): Promise<SendMailOutcome | null> {
  let claim = db
    .updateTable("mail_deliveries")
    .set({ status: "en_espera", next_attempt_at: minutesAfter(now, SENDING_LEASE_MINUTES) })
    .where("id", "=", id)
    .where("message", "is not", null);
  claim = force
    ? claim.where((eb) =>
        eb.or([eb("status", "=", "fallido"), eb.and([eb("status", "=", "en_espera"), eb("next_attempt_at", "<=", now.toISOString())])]),
      )
    : claim.where("status", "in", ["fallido", "en_espera"]).where("next_attempt_at", "<=", now.toISOString());
  const claimed = await claim.returning(["message", "attempts"]).executeTakeFirst();
  if (!claimed?.message) return null;
  return sendRecorded(db, id, fromStored(JSON.parse(claimed.message) as StoredMessage), claimed.attempts, transmit);
}

/** The «correo» job: sends what waits and retries failures whose time has come. */
export async function sendDueMail(db: Kysely<DB>, transmit: Transmit, now: Date = clock.now()): Promise<{ enviados: number; fallidos: number }> {
  const due = await db
    .selectFrom("mail_deliveries")
    .select("id")
    .where("status", "in", ["en_espera", "fallido"])
    .where("next_attempt_at", "<=", now.toISOString())
    .orderBy("next_attempt_at")
    .orderBy("id")
    .limit(50)
    .execute();
  const counts = { enviados: 0, fallidos: 0 };
  for (const { id } of due) {
    const outcome = await claimAndSend(db, id, transmit, now, false);
    if (outcome) counts[outcome.ok ? "enviados" : "fallidos"] += 1;
  }
  return counts;
}

function failureText(outcome: Refusal): string {
  const { error, code } = sendFailure(outcome);
  return code ? `${code}: ${error}` : error;
}

const NOT_FAILED = "Ese correo ya no está en «fallido»: no hay nada que reintentar.";

export type RetryOutcome = Outcome<{ sent: SendMailOutcome }>;

/** «Reintentar» of a failed message: sends it now. */
export async function retryDelivery(db: Kysely<DB>, id: number, transmit: Transmit, now: Date = clock.now()): Promise<RetryOutcome> {
  const row = await db.selectFrom("mail_deliveries").select(["status"]).where("id", "=", id).executeTakeFirst();
  if (!row) return notFound("Ese correo no existe.");
  if (row.status !== "fallido") return refuse(409, { form: NOT_FAILED, code: "no_fallido" });
  const sent = await claimAndSend(db, id, transmit, now, true);
  return sent ? { ok: true, sent } : refuse(409, { form: NOT_FAILED, code: "no_fallido" });
}

export interface DeliveryLine {
  id: number;
  recipients: string[];
  subject: string;
  status: "en_espera" | "enviado" | "fallido";
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  nextAttemptAt: string | null;
}

/** The outbox's counts over the last `days` and its failed and waiting messages (newest first). */
export async function outboxSummary(
  db: Kysely<DB>,
  now: Date = clock.now(),
  days = 7,
): Promise<{ sent: number; waiting: number; failed: number; open: DeliveryLine[] }> {
  const since = new Date(now.getTime() - days * 86_400_000).toISOString();
  const counts = await db
    .selectFrom("mail_deliveries")
    .select(["status", (eb) => eb.fn.countAll<number>().as("count")])
    .where("created_at", ">=", since)
    .groupBy("status")
    .execute();
  const open = await db
    .selectFrom("mail_deliveries")
    .select(["id", "recipients", "subject", "status", "attempts", "last_error", "created_at", "sent_at", "next_attempt_at"])
    .where("status", "in", ["fallido", "en_espera"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(50)
    .execute();
  const count = (status: string) => Number(counts.find((row) => row.status === status)?.count ?? 0);
  return {
    sent: count("enviado"),
    waiting: count("en_espera"),
    failed: count("fallido"),
    open: open.map((row) => ({
      id: row.id,
      recipients: JSON.parse(row.recipients) as string[],
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: row.created_at,
      sentAt: row.sent_at,
      nextAttemptAt: row.next_attempt_at,
    })),
  };
}
