import { readdirSync, readFileSync } from "node:fs";
import { expect, test } from "vitest";

// Every form that takes files reads them through one of these (app/accounts/uploads.server.ts, the
// pipeline's uploadBody and the body readers and builders made on it). A route that calls one must declare the body it accepts, or Express
// refuses its uploads at the 64 KB default (server/body-limits.ts, decision 0032).
const FILE_FORM_READERS =
  /\b(parseUploadForm|parseFormWithFiles|parseAdminForm|uploadBody|contentImageBody|documentBody|galleryImageAction|(DEPARTMENT|RESEARCH_UNIT|PROFILE)_ROUTES)\b/;

test("every route that reads uploaded files declares its maxBodyBytes (the JSON API keeps its own)", () => {
  const routes = readdirSync("app/routes").filter((name) => !name.startsWith("api."));
  const readers = routes.filter((name) => FILE_FORM_READERS.test(readFileSync(`app/routes/${name}`, "utf8")));
  expect(readers.length).toBeGreaterThan(15);
  for (const name of readers) {
    expect(readFileSync(`app/routes/${name}`, "utf8"), name).toMatch(/^export const maxBodyBytes = /m);
  }
});
