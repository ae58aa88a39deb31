import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { storeFile } from "~/files/files.server";
import { createSignedInParticipant } from "../factories";
import { samplePdf, samplePng } from "../support/sample-files";
import { startTestServer } from "../support/test-server";

// Issue 20: the old site's client shows our course images and frames our programmes. Public files
// may be loaded and framed by the origins in API_CORS_ORIGINS; private files never.
const OLD_SITE = "https://himfg.edu.mx";
const OTHER_SITE = "https://cursos.example.org";
const servers: { url: string; close: () => Promise<void> }[] = [];
let listed = "";
let unlisted = "";
let imageId = "";
let programmeId = "";
let privateId = "";
let participant: Awaited<ReturnType<typeof createSignedInParticipant>>;
let documentId = 0;

async function start(apiCorsOrigins: string): Promise<string> {
  const server = await startTestServer({ env: { API_CORS_ORIGINS: apiCorsOrigins } });
  servers.push({ url: server.baseUrl, close: server.close });
  return server.baseUrl;
}

beforeAll(async () => {
  delete process.env.PUBLIC_URL;
  delete process.env.DEMO_MODE;
  listed = await start(`${OLD_SITE}, ${OTHER_SITE}`);
  unlisted = await start("");
  imageId = await storeFile(db, { fileName: "curso.png", contentType: "image/png", data: samplePng() }, "public");
  programmeId = await storeFile(db, { fileName: "programa.pdf", contentType: "application/pdf", data: samplePdf() }, "public");
  privateId = await storeFile(db, { fileName: "credencial.pdf", contentType: "application/pdf", data: samplePdf() }, "private");
  participant = await createSignedInParticipant();
  documentId = Number(
    (
      await db
        .insertInto("participant_documents")
        .values({ participant_id: participant.id, kind: "professional_license", file_id: privateId, rejection_reason: null, reviewed_at: null })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id,
  );
}, 60_000);

afterAll(async () => {
  for (const server of servers) await server.close();
});

function frameAncestors(response: Response): string | null {
  const csp = response.headers.get("content-security-policy") ?? "";
  return /(?:^|;\s*)frame-ancestors ([^;]*)/.exec(csp)?.[1]?.trim() ?? null;
}

describe("public files and API_CORS_ORIGINS", () => {
  test("listed origins may load and frame a course image and a programme; unlisted, the defaults; private files never", async () => {
    for (const address of [`/archivos/${imageId}`, `/archivos/${programmeId}`, `/archivos/${programmeId}/programa.pdf`]) {
      const response = await fetch(`${listed}${address}`, { headers: { Origin: OLD_SITE } });
      expect(response.status, address).toBe(200);
      expect(response.headers.get("cross-origin-resource-policy"), address).toBe("cross-origin");
      expect(frameAncestors(response), address).toBe(`'self' ${OLD_SITE} ${OTHER_SITE}`);
      // X-Frame-Options cannot name other sites; frame-ancestors decides.
      expect(response.headers.get("x-frame-options"), address).toBeNull();
    }
    // The stored file's own protections stay: an image is still sandboxed and never sniffed.
    const image = await fetch(`${listed}/archivos/${imageId}`);
    expect(image.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    // A revalidation (304) carries the same permission, and so does a signed-in visitor's request.
    const etag = image.headers.get("etag")!;
    const revalidated = await fetch(`${listed}/archivos/${imageId}`, { headers: { "If-None-Match": etag } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    const signedIn = await fetch(`${listed}/archivos/${programmeId}`, { headers: { Cookie: participant.cookie } });
    expect(signedIn.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(frameAncestors(signedIn)).toBe(`'self' ${OLD_SITE} ${OTHER_SITE}`);

    // Without origins listed, public files keep the site's defaults.
    const defaultImage = await fetch(`${unlisted}/archivos/${imageId}`);
    expect(defaultImage.status).toBe(200);
    expect(defaultImage.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(defaultImage.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    const programme = await fetch(`${unlisted}/archivos/${programmeId}`);
    expect(programme.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(frameAncestors(programme)).toBe("'self'");
    expect(programme.headers.get("x-frame-options")).toBe("SAMEORIGIN");

    // A private file keeps same-origin and is never framed by the listed origins (and the public
    // route does not serve it at all).
    expect((await fetch(`${listed}/archivos/${privateId}`)).status).toBe(404);
    for (const base of [listed, unlisted]) {
      const response = await fetch(`${base}/profile/documentos/${documentId}`, { headers: { Cookie: participant.cookie } });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("cross-origin-resource-policy")).toBe("same-origin");
      expect(response.headers.get("x-frame-options")).toBe("SAMEORIGIN");
      expect(response.headers.get("content-security-policy")).not.toContain(OLD_SITE);
    }
    // The site's pages are not opened up either.
    const page = await fetch(`${listed}/ensenanza/offer`);
    expect(page.headers.get("cross-origin-resource-policy")).toBe("same-origin");
    expect(frameAncestors(page)).toBe("'self'");
  });
});
