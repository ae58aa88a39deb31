import http from "node:http";
import zlib from "node:zlib";
import { beforeAll, describe, expect, test } from "vitest";
import { useSeededSite } from "../support/test-server";
import { createParticipant, sessionCookieFor } from "../factories";

// The real Express app with the real Remix build (npm test builds first), on a fresh database.
const site = useSeededSite();
let sessionCookie = "";

beforeAll(async () => {
  sessionCookie = await sessionCookieFor(await createParticipant({ name: "Irma Brotli Salas" }));
});

/** The response's bytes as sent (node:http does not decode them, unlike fetch). */
function rawGet(pathName: string, headers: Record<string, string>): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${site.baseUrl}${pathName}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("pages compressed as they are sent (decision 0069)", () => {
  test("a signed-in page goes out as one brotli pass at quality 1 (quality 4 cost ~0.5 ms of a ~4.5 ms page)", async () => {
    const { headers, body } = await rawGet("/profile", { cookie: sessionCookie, "accept-encoding": "gzip, deflate, br" });
    expect(headers["content-encoding"]).toBe("br");
    expect(headers["x-page-cache"]).toBeUndefined();
    const page = zlib.brotliDecompressSync(body);
    expect(page.toString("utf8")).toContain("Irma Brotli Salas");
    const atQuality = (quality: number) => zlib.brotliCompressSync(page, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality } }).length;
    // The same bytes as one brotli pass at quality 1 over the page (not two: see flushAtTheEndOfTheTurn).
    expect(atQuality(1)).not.toBe(atQuality(4));
    expect(body.length).toBe(atQuality(1));
  });
});
