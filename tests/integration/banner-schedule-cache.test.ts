import { afterAll, beforeAll, expect, test, vi } from "vitest";
import { db } from "~/db.server";
import { storeFile } from "~/files/files.server";
import { samplePng } from "../support/sample-files";
import { startTestServer } from "../support/test-server";
import { useSeededDatabase } from "../support/database";

// Decision 0023: a banner scheduled for later appears on the anonymous (cached) home page once
// its time has come, with no write to bump content_version: kept pages live one minute at most.
// The real Express app and Remix build (run `npm run build` first); only Date is faked, so the
// server's own timers and sockets run as usual.
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => {
  vi.useRealTimers();
  await close?.();
});

test("a scheduled banner reaches the cached home page within the cache lifetime, and leaves it at its end", async () => {
  const start = new Date("2026-09-01T15:00:00.000Z");
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(start);
  const from = new Date(start.getTime() + 10 * 60_000);
  const until = new Date(start.getTime() + 30 * 60_000);
  const fileId = await storeFile(db, { fileName: "septiembre.png", contentType: "image/png", data: samplePng(60, 20) }, "public");
  await db
    .insertInto("banners")
    .values({
      title: "Mes patrio",
      alt_text: "Banderas en la fachada del hospital por el mes patrio",
      link_url: null,
      image_file_id: fileId,
      visible_from: from.toISOString(),
      visible_until: until.toISOString(),
    })
    .execute();
  const home = async () => {
    const response = await fetch(`${baseUrl}/`);
    return { cache: response.headers.get("x-page-cache"), html: await response.text() };
  };
  const ALT = 'alt="Banderas en la fachada del hospital por el mes patrio"';

  expect((await home()).html).not.toContain(ALT);
  const kept = await home();
  expect(kept.cache).toBe("hit");
  expect(kept.html).not.toContain(ALT);

  // A page kept 5 s before its time may still be served for the rest of its minute; after that,
  // the banner is there although nothing was written.
  vi.setSystemTime(new Date(from.getTime() - 5_000));
  expect((await home()).html).not.toContain(ALT);
  expect((await home()).cache).toBe("hit");
  vi.setSystemTime(new Date(from.getTime() + 56_000));
  expect((await home()).html).toContain(ALT);
  // At its end it goes the same way.
  vi.setSystemTime(new Date(until.getTime() + 61_000));
  expect((await home()).html).not.toContain(ALT);
});
