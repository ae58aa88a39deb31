import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { refuse, type Outcome } from "~/actions/outcome";
import { detectFileType, DOCUMENT_LIMITS, FILE_MESSAGES, MAX_UPLOAD_BYTES, type DetectedFileType } from "./documents";

/** A file that passed the checks: its type comes from its content, never its name or declared type. */
export interface CheckedFile<ContentType extends string = string> {
  fileName: string;
  contentType: ContentType;
  data: Buffer;
}
export type CheckedUpload = CheckedFile<DetectedFileType["contentType"]>;

/**
 * What one file field accepts: a size limit, a type read from the content, and the Spanish
 * messages for each refusal. Participants' documents, course images and programmes and payment
 * receipts are all rules over the one parser below.
 */
export interface FileRule<ContentType extends string = string> {
  maxBytes: number;
  detect: (bytes: Uint8Array) => { contentType: ContentType; extension: string } | null;
  messages: { tooLarge: string; wrongType: string; empty: string; badName?: string };
  /** The stored name when the uploaded one has nothing usable left. */
  fallbackName?: string;
  /**
   * Refuse a file whose name a browser would never send (a path, control characters): a sign of
   * a forged request. The message is `messages.badName`. Without it, such names are only cleaned.
   */
  refuseHostileNames?: boolean;
}

/** A name with a directory part, control characters, or nothing but dots: no browser sends one for a chosen file. */
export function isHostileFileName(name: string): boolean {
  return /[/\\\u0000-\u001f\u007f]/.test(name) || /^\.*$/.test(name.trim());
}

/** A participant's identity document: JPEG, PNG or PDF, at most 1 MB. */
export const DOCUMENT_RULE: FileRule<DetectedFileType["contentType"]> = {
  maxBytes: MAX_UPLOAD_BYTES,
  detect: detectFileType,
  messages: { tooLarge: FILE_MESSAGES.tooLarge, wrongType: FILE_MESSAGES.wrongType, empty: FILE_MESSAGES.empty },
  fallbackName: "documento",
};

/** A checked file, or a refusal whose one form-level message is the rule's (the caller files it under its field). */
export type FileCheck<ContentType extends string = string> = Outcome<{ file: CheckedFile<ContentType> }>;

/** Checks one file against its rule, by content: not empty, within the limit, of an accepted type. */
export function checkFile<ContentType extends string>(rule: FileRule<ContentType>, fileName: string, data: Uint8Array): FileCheck<ContentType> {
  if (rule.refuseHostileNames && isHostileFileName(fileName))
    return refuse(400, { form: rule.messages.badName ?? rule.messages.wrongType, code: "bad-name" });
  if (data.byteLength === 0) return refuse(400, { form: rule.messages.empty, code: "empty" });
  if (data.byteLength > rule.maxBytes) return refuse(413, { form: rule.messages.tooLarge, code: "too-large" });
  const type = rule.detect(data);
  if (!type) return refuse(415, { form: rule.messages.wrongType, code: "wrong-type" });
  return {
    ok: true,
    file: { fileName: storedFileName(fileName, type.extension, rule.fallbackName), contentType: type.contentType, data: Buffer.from(data) },
  };
}

export type UploadCheck = FileCheck<DetectedFileType["contentType"]>;

/** Checks one participant document by content: not empty, at most 1 MB, and really a JPEG, PNG or PDF. */
export function checkUpload(fileName: string, data: Uint8Array): UploadCheck {
  return checkFile(DOCUMENT_RULE, fileName, data);
}

/** The name kept with the file: the uploaded base name, cleaned, with the extension of its real type. */
function storedFileName(original: string, extension: string, fallback = "archivo"): string {
  const base = original
    .split(/[/\\]/)
    .pop()!
    .replace(/\.[^.]*$/, "")
    // Control characters and the characters file systems refuse are dropped from the name.
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, "")
    .trim()
    .slice(0, 80);
  return `${base || fallback}.${extension}`;
}

/** The answer to a body over MAX_REQUEST_BYTES: only files can make a form that big. */
export const REQUEST_TOO_LARGE_MESSAGE = `El envío pesa más de 5 MB, así que no lo pudimos leer: al menos uno de los archivos pesa más de 1 MB. Elija para cada documento un archivo ${DOCUMENT_LIMITS}.`;

/** Two documents of 1 MB plus the text fields fit with room; anything bigger is refused unread. */
export const MAX_REQUEST_BYTES = 5 * 1024 * 1024;
const MAX_TEXT_FIELD_BYTES = 16 * 1024;
const MAX_PARTS = 60;

/**
 * The form as read, or a refusal of the whole body: 413 (code "too-large") over the cap, 400
 * (code "malformed") when it cannot be read. Callers answer with their own message for each.
 */
export type ParsedForm<ContentType extends string = string> = Outcome<{
  /** The text fields only (files never go back into the form values). */
  fields: FormData;
  /** Files that passed the checks, by field name. */
  files: Map<string, CheckedFile<ContentType>>;
  /** A message per file field whose file was refused (too large, wrong type, empty). */
  fileErrors: Record<string, string[]>;
}>;

const BODY_TOO_LARGE = refuse(413, { form: "El envío es demasiado grande, así que no lo pudimos leer.", code: "too-large" });
const BODY_MALFORMED = refuse(400, { form: "No pudimos leer el formulario. Vuelva a intentarlo.", code: "malformed" });

export type ParsedUploadForm = ParsedForm<DetectedFileType["contentType"]>;

class RequestTooLarge extends Error {}

/** Reads a participant form whose `fileFields` each take one document (DOCUMENT_RULE), within MAX_REQUEST_BYTES. */
export function parseUploadForm(request: Request, fileFields: readonly string[]): Promise<ParsedUploadForm> {
  return parseFormWithFiles(request, documentRules(fileFields), MAX_REQUEST_BYTES);
}

/** The upload rules of a participant form whose `fileFields` each take one document (DOCUMENT_RULE). */
export function documentRules(fileFields: readonly string[]): Record<string, FileRule<DetectedFileType["contentType"]>> {
  return Object.fromEntries(fileFields.map((field) => [field, DOCUMENT_RULE]));
}

/**
 * Reads a form post that may carry files, one rule per file field. Multipart bodies stream through
 * Remix's unstable_parseMultipartFormData with an upload handler that keeps at most the rule's
 * limit (+1 byte) of each file: an oversize or mistyped file never throws, it becomes a field
 * error, so the page can show every error at once. The whole body is capped at `maxRequestBytes`.
 * Any other body is read as an ordinary form (no files).
 */
export async function parseFormWithFiles<ContentType extends string>(
  request: Request,
  rules: Record<string, FileRule<ContentType>>,
  maxRequestBytes: number,
): Promise<ParsedForm<ContentType>> {
  const declaredLength = Number(request.headers.get("Content-Length") ?? "0");
  if (declaredLength > maxRequestBytes) return BODY_TOO_LARGE;
  const contentType = request.headers.get("Content-Type") ?? "";
  const files = new Map<string, CheckedFile<ContentType>>();
  const fileErrors: Record<string, string[]> = {};
  const ruleFor = (name: string) => (Object.hasOwn(rules, name) ? rules[name] : undefined);

  if (!contentType.toLowerCase().startsWith("multipart/form-data")) {
    try {
      const form = await request.formData();
      const fields = new FormData();
      for (const [name, value] of form) {
        if (typeof value === "string" && !ruleFor(name)) fields.append(name, value);
      }
      return { ok: true, fields, files, fileErrors };
    } catch {
      return BODY_MALFORMED;
    }
  }

  let parts = 0;
  const uploadHandler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new RequestTooLarge();
    const rule = ruleFor(name);
    if (filename === undefined) {
      // An overlong text keeps its first 16 KB: the form's schema then says which field is too
      // long ("El nombre es demasiado largo…"), instead of a message about file sizes.
      const text = await readUpTo(data, MAX_TEXT_FIELD_BYTES, { keepHead: true });
      return rule ? undefined : new TextDecoder().decode(text.bytes);
    }
    // A file part for a field that takes no file is read and dropped.
    const content = await readUpTo(data, rule?.maxBytes ?? 0);
    if (!rule) return undefined;
    // No file chosen: browsers send an empty part with an empty file name.
    if (filename === "" && content.bytes.byteLength === 0 && !content.overflow) return undefined;
    if (content.overflow) {
      fileErrors[name] = [rule.messages.tooLarge];
      return undefined;
    }
    const check = checkFile(rule, filename, content.bytes);
    if (check.ok) files.set(name, check.file);
    else fileErrors[name] = check.problem.form;
    return undefined;
  };

  try {
    const capped = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: capStream(request.body, maxRequestBytes),
      duplex: "half",
    } as RequestInit);
    const fields = await unstable_parseMultipartFormData(capped, uploadHandler);
    return { ok: true, fields, files, fileErrors };
  } catch (error) {
    if (error instanceof RequestTooLarge || (error instanceof Error && error.cause instanceof RequestTooLarge)) return BODY_TOO_LARGE;
    if (error instanceof TypeError || (error instanceof Error && /multipart|boundary|FormData/i.test(error.message))) return BODY_MALFORMED;
    throw error;
  }
}

/**
 * Reads up to `limit` bytes and drains the rest (so the parser can move on), telling whether there
 * was more. On overflow the bytes are dropped, or with `keepHead` the first `limit` are kept.
 */
async function readUpTo(
  data: AsyncIterable<Uint8Array>,
  limit: number,
  options: { keepHead?: boolean } = {},
): Promise<{ bytes: Uint8Array; overflow: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let overflow = false;
  for await (const chunk of data) {
    if (overflow) continue;
    if (size + chunk.byteLength > limit) {
      overflow = true;
      if (options.keepHead) chunks.push(chunk.subarray(0, limit - size));
      else chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return { bytes: overflow && !options.keepHead ? new Uint8Array(0) : Buffer.concat(chunks), overflow };
}

function capStream(body: ReadableStream<Uint8Array> | null, limit: number): ReadableStream<Uint8Array> | null {
  if (!body) return null;
  let total = 0;
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        total += chunk.byteLength;
        if (total > limit) controller.error(new RequestTooLarge());
        else controller.enqueue(chunk);
      },
    }),
  );
}
