import { sql, type Kysely, type Selectable } from "kysely";
import type { DB, MailOutboxTable } from "~/db.server";

/**
 * The captured outbox (table mail_outbox): what the in-process SMTP server received. Used by the
 * developer pages (/dev/correos) and by tests, vitest and Playwright alike, to read what the site
 * sent (tests wait for a message with tests/support/mail.ts). Nothing here sends mail; see mailer.server.ts.
 */

export interface CapturedAttachmentInfo {
  /** 1-based position in the message; the key of its download. */
  position: number;
  filename: string;
  contentType: string;
  size: number;
}

export interface CapturedMail {
  id: number;
  messageId: string | null;
  envelopeFrom: string | null;
  /** Every SMTP recipient (To, Cc and Bcc), in lower case. */
  envelopeTo: string[];
  /** The From header as written, e.g. `"HIMFG" <no-responder@himfg.edu.mx>`. */
  from: string;
  /** The To header as written. */
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: CapturedAttachmentInfo[];
  rawSize: number;
  /** ISO 8601, UTC. */
  receivedAt: string;
}

export interface CapturedAttachment extends CapturedAttachmentInfo {
  contentId: string | null;
  data: Buffer;
}

/** A parsed message as the capture server hands it over. */
export interface NewCapturedMail {
  messageId: string | null;
  envelopeFrom: string | null;
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: { filename: string; contentType: string; contentId: string | null; data: Buffer }[];
  rawSize: number;
}

/** Stores one captured message and its attachments in one transaction. Returns its id. */
export async function storeCapturedMail(db: Kysely<DB>, mail: NewCapturedMail): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const attachments = mail.attachments.map((attachment, index) => ({ ...attachment, position: index + 1 }));
    const row = await trx
      .insertInto("mail_outbox")
      .values({
        message_id: mail.messageId,
        envelope_from: mail.envelopeFrom,
        envelope_to: JSON.stringify(mail.envelopeTo.map(normalizeAddress)),
        from_address: mail.from,
        to_address: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        attachments: JSON.stringify(attachments.map(({ filename, contentType, data }) => ({ filename, contentType, size: data.byteLength }))),
        raw_size: mail.rawSize,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const attachment of attachments) {
      await trx
        .insertInto("mail_outbox_attachments")
        .values({
          mail_id: row.id,
          position: attachment.position,
          filename: attachment.filename,
          content_type: attachment.contentType,
          size: attachment.data.byteLength,
          content_id: attachment.contentId,
          data: attachment.data,
        })
        .execute();
    }
    return row.id;
  });
}

export interface CapturedMailFilter {
  /** Only messages with this SMTP recipient (To, Cc or Bcc), in any letter case. */
  to?: string;
  /** At most this many, newest first (default 200). */
  limit?: number;
}

/** Captured messages, newest first. */
export async function listCapturedMail(db: Kysely<DB>, filter: CapturedMailFilter = {}): Promise<CapturedMail[]> {
  let query = db.selectFrom("mail_outbox").selectAll();
  const to = filter.to ? normalizeAddress(filter.to) : "";
  if (to) {
    query = query.where(sql<boolean>`exists (select 1 from json_each(mail_outbox.envelope_to) where json_each.value = ${to})`);
  }
  const rows = await query
    .orderBy("id", "desc")
    .limit(filter.limit ?? 200)
    .execute();
  return rows.map(toCapturedMail);
}

export async function getCapturedMail(db: Kysely<DB>, id: number): Promise<CapturedMail | undefined> {
  const row = await db.selectFrom("mail_outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toCapturedMail(row) : undefined;
}

/** One attachment of a captured message, with its bytes. */
export async function getCapturedAttachment(db: Kysely<DB>, mailId: number, position: number): Promise<CapturedAttachment | undefined> {
  const row = await db
    .selectFrom("mail_outbox_attachments")
    .selectAll()
    .where("mail_id", "=", mailId)
    .where("position", "=", position)
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    position: row.position,
    filename: row.filename,
    contentType: row.content_type,
    size: row.size,
    contentId: row.content_id,
    data: Buffer.from(row.data),
  };
}

/**
 * Recipients are stored and looked up in one form: trimmed, NFC, lower case. In JavaScript,
 * because SQLite's lower() folds only ASCII ("PEÑA" would stay "peÑa").
 */
function normalizeAddress(address: string): string {
  return address.trim().normalize("NFC").toLowerCase();
}

function toCapturedMail(row: Selectable<MailOutboxTable>): CapturedMail {
  const attachments = JSON.parse(row.attachments) as Omit<CapturedAttachmentInfo, "position">[];
  return {
    id: row.id,
    messageId: row.message_id,
    envelopeFrom: row.envelope_from,
    envelopeTo: JSON.parse(row.envelope_to) as string[],
    from: row.from_address,
    to: row.to_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: attachments.map((attachment, index) => ({ ...attachment, position: index + 1 })),
    rawSize: row.raw_size,
    receivedAt: row.received_at,
  };
}
