import { unstable_parseMultipartFormData, type UploadHandler } from "@remix-run/node";
import { detectFileType } from "~/accounts/documents";
import { COURSE_FILE_MESSAGES, COURSE_IMAGE_MAX_BYTES, COURSE_PDF_MAX_BYTES, detectCourseFile } from "~/courses/course-form";

/** What one file field of an admin form accepts. The type always comes from the content. */
export interface FileRule {
  maxBytes: number;
  detect: (bytes: Uint8Array) => { contentType: string; extension: string } | null;
  messages: { tooLarge: string; wrongType: string; empty: string };
}

export const COURSE_FILE_RULES: Record<"course_image" | "course_pdf", FileRule> = {
  course_image: { maxBytes: COURSE_IMAGE_MAX_BYTES, detect: (bytes) => detectCourseFile(bytes, "image"), messages: COURSE_FILE_MESSAGES.image },
  course_pdf: { maxBytes: COURSE_PDF_MAX_BYTES, detect: (bytes) => detectCourseFile(bytes, "pdf"), messages: COURSE_FILE_MESSAGES.pdf },
};

export const RECEIPT_MAX_BYTES = 5 * 1024 * 1024;
export const RECEIPT_MESSAGES = {
  missing: "Adjunte el comprobante del pago (JPG, PNG o PDF, máximo 5 MB).",
  tooLarge: "El comprobante pesa más de 5 MB. Reduzca su tamaño o elija otro archivo.",
  wrongType: "El comprobante no es JPG, PNG ni PDF. Elija una imagen o un PDF.",
  empty: "El comprobante está vacío. Elija otro archivo.",
} as const;

export const RECEIPT_RULES: Record<"receipt", FileRule> = {
  receipt: { maxBytes: RECEIPT_MAX_BYTES, detect: detectFileType, messages: RECEIPT_MESSAGES },
};

const MAX_TEXT_FIELD_BYTES = 16 * 1024;
const MAX_PARTS = 60;

/** A file that passed its field's checks (type from content, cleaned name with the real extension). */
export interface AdminUpload {
  fileName: string;
  contentType: string;
  data: Buffer;
}

export type ParsedAdminForm =
  | { ok: true; fields: FormData; files: Map<string, AdminUpload>; fileErrors: Record<string, string[]> }
  | { ok: false; reason: "too-large" | "malformed" };

class RequestTooLarge extends Error {}

/**
 * Reads an admin form that may carry files with per-field limits (the participants' parser,
 * app/accounts/uploads.server.ts, has one 1 MB limit; a course programme may weigh 10 MB). An
 * oversize or mistyped file becomes a message at its field, so the page shows every error at
 * once; the whole body is capped at the sum of the file limits plus room for the text fields.
 */
export async function parseAdminForm(request: Request, rules: Record<string, FileRule>): Promise<ParsedAdminForm> {
  const maxRequest = Object.values(rules).reduce((sum, rule) => sum + rule.maxBytes, 0) + 256 * 1024;
  const declaredLength = Number(request.headers.get("Content-Length") ?? "0");
  if (declaredLength > maxRequest) return { ok: false, reason: "too-large" };
  const files = new Map<string, AdminUpload>();
  const fileErrors: Record<string, string[]> = {};
  const contentType = (request.headers.get("Content-Type") ?? "").toLowerCase();

  if (!contentType.startsWith("multipart/form-data")) {
    try {
      const form = await request.formData();
      const fields = new FormData();
      for (const [name, value] of form) if (typeof value === "string" && !(name in rules)) fields.append(name, value);
      return { ok: true, fields, files, fileErrors };
    } catch {
      return { ok: false, reason: "malformed" };
    }
  }

  let parts = 0;
  const uploadHandler: UploadHandler = async ({ name, filename, data }) => {
    parts += 1;
    if (parts > MAX_PARTS) throw new RequestTooLarge();
    const rule = rules[name];
    if (filename === undefined) {
      const text = await readUpTo(data, MAX_TEXT_FIELD_BYTES);
      if (text.overflow) throw new RequestTooLarge();
      return rule ? undefined : new TextDecoder().decode(text.bytes);
    }
    const content = await readUpTo(data, rule?.maxBytes ?? 0);
    if (!rule) return undefined;
    if (filename === "" && content.bytes.byteLength === 0 && !content.overflow) return undefined;
    if (content.overflow) fileErrors[name] = [rule.messages.tooLarge];
    else if (content.bytes.byteLength === 0) fileErrors[name] = [rule.messages.empty];
    else {
      const type = rule.detect(content.bytes);
      if (!type) fileErrors[name] = [rule.messages.wrongType];
      else files.set(name, { fileName: cleanFileName(filename, type.extension), contentType: type.contentType, data: Buffer.from(content.bytes) });
    }
    return undefined;
  };

  try {
    const capped = new Request(request.url, {
      method: request.method,
      headers: request.headers,
      body: capStream(request.body, maxRequest),
      duplex: "half",
    } as RequestInit);
    const fields = await unstable_parseMultipartFormData(capped, uploadHandler);
    return { ok: true, fields, files, fileErrors };
  } catch (error) {
    if (error instanceof RequestTooLarge || (error instanceof Error && error.cause instanceof RequestTooLarge))
      return { ok: false, reason: "too-large" };
    if (error instanceof TypeError || (error instanceof Error && /multipart|boundary|FormData/i.test(error.message)))
      return { ok: false, reason: "malformed" };
    throw error;
  }
}

function cleanFileName(original: string, extension: string): string {
  const base = original
    .split(/[/\\]/)
    .pop()!
    .replace(/\.[^.]*$/, "")
    .replace(/[\u0000-\u001f\u007f"<>:|?*]/g, "")
    .trim()
    .slice(0, 80);
  return `${base || "archivo"}.${extension}`;
}

async function readUpTo(data: AsyncIterable<Uint8Array>, limit: number): Promise<{ bytes: Uint8Array; overflow: boolean }> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  let overflow = false;
  for await (const chunk of data) {
    if (overflow) continue;
    if (size + chunk.byteLength > limit) {
      overflow = true;
      chunks.length = 0;
      continue;
    }
    chunks.push(chunk);
    size += chunk.byteLength;
  }
  return { bytes: overflow ? new Uint8Array(0) : Buffer.concat(chunks), overflow };
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
