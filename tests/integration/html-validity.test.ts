import { execFile, execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import vnuJar from "vnu-jar";
import { registerParticipant } from "~/accounts/participants.server";
import { createUserSession } from "~/accounts/session.server";
import { db } from "~/db.server";
import { useSeededDatabase } from "../support/database";
import { startTestServer } from "../support/test-server";
import { createSignedInStaff } from "../factories";

/**
 * Every page type through the W3C Nu validator (vnu.jar from npm, on this machine's Java), as a
 * browser receives it from the real server. One JVM for all pages. Without Java the test says so
 * and is skipped (the Dockerfile and CI image have Java).
 */
const javaVersion = (() => {
  try {
    return execFileSync("java", ["-version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) || "java";
  } catch {
    return null;
  }
})();
if (!javaVersion) console.warn("html-validity: Java is not installed, so the Nu HTML validator (vnu.jar) cannot run; skipping.");

// Static page types; one page of each kind of item is found from its index page.
const PAGES = [
  "/",
  "/direccion/medica",
  "/direcciones",
  "/general",
  "/especialidades",
  "/requisitos",
  "/transparencia",
  "/transparencia/informacion-financiera",
  "/hemerobiblioteca",
  "/legado-artistico",
  "/galeria",
  "/dia-del-nino",
  "/convocatoria",
  "/convocatoria/preguntas-frecuentes",
  "/ensenanza",
  "/ensenanza/offer",
  "/buscar?q=pediatria",
  "/sesion-clinico-patologica",
  "/userlogin",
  "/register",
  "/recuperar-contrasena",
  "/esta-pagina-no-existe",
  // The staff frame's minimal form (issue 21).
  "/admin/login",
  // An unknown constancia's verification page (issue 25).
  "/verificar/constancia/C-00000-00000-00000-00000",
];
const ITEM_PAGES: [string, RegExp][] = [
  ["/legado-artistico", /href="(\/legado-artistico\/[^"#?]+)"/],
  ["/galeria", /href="(\/galeria\/[^"#?]+)"/],
  ["/ensenanza/offer", /href="(\/ensenanza\/offer\/programa\/[^"#?]+)"/],
];
const SIGNED_IN_PAGES = ["/profile", "/video/scp-2024"];
// The staff frame with an admin's whole navigation (issue 21).
const STAFF_PAGES = ["/admin/dashboard", "/admin/revision", "/admin/cursos/271/constancias"];

let baseUrl = "";
let close: () => Promise<void>;
let cookie = "";
let unansweredCookie = "";
let staffCookie = "";

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
  const outcome = await registerParticipant(
    db,
    {
      name: "Lucía Validación Pérez",
      grade: "Médico",
      institution: "SSA",
      email: `vnu-${crypto.randomUUID()}@ejemplo.mx`,
      password: "Pediatria-2026!",
      age: 30,
      graduated: "SÍ",
      nationality: "Mexicana",
      state: "Puebla",
      phone: "2221234567",
      role: "EXTERNO",
    },
    [],
  );
  if (!outcome.ok) throw new Error(outcome.problem.code);
  cookie = (await createUserSession({ id: outcome.participant.id, name: "Lucía Validación Pérez" })).split(";")[0]!;
  // Registered through the API without the graduated answer: the question page is theirs.
  const unanswered = await registerParticipant(
    db,
    {
      name: "Raúl Sin Respuesta",
      grade: "Médico",
      institution: "SSA",
      email: `vnu-${crypto.randomUUID()}@ejemplo.mx`,
      password: "Pediatria-2026!",
      age: 30,
      graduated: null,
      nationality: "Mexicana",
      state: "Puebla",
      phone: "2221234567",
      role: "EXTERNO",
    },
    [],
  );
  if (!unanswered.ok) throw new Error(unanswered.problem.code);
  unansweredCookie = (await createUserSession({ id: unanswered.participant.id, name: "Raúl Sin Respuesta" })).split(";")[0]!;
  staffCookie = (await createSignedInStaff(db, "admin")).cookie;
});

afterAll(async () => close?.());

interface VnuMessage {
  type: string;
  subType?: string;
  url: string;
  message: string;
  lastLine?: number;
  extract?: string;
}

describe("HTML validity (Nu validator)", () => {
  test.skipIf(!javaVersion)("every page type is valid HTML", { timeout: 120_000 }, async () => {
    const pages = [...PAGES];
    for (const [index, pattern] of ITEM_PAGES) {
      const match = pattern.exec(await (await fetch(`${baseUrl}${index}`)).text());
      expect(match, `an item link on ${index}`).not.toBeNull();
      pages.push(match![1]!);
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "himfg-vnu-"));
    const files = new Map<string, string>();
    const fetchPage = async (page: string, headers: Record<string, string>) => {
      const response = await fetch(`${baseUrl}${page}`, { headers });
      expect(response.headers.get("content-type"), page).toContain("text/html");
      const file = path.join(dir, `${files.size}.html`);
      fs.writeFileSync(file, Buffer.from(await response.arrayBuffer()));
      files.set(pathToFileURL(file).href, page + (headers.cookie ? " (signed in)" : ""));
    };
    for (const page of pages) await fetchPage(page, {});
    for (const page of SIGNED_IN_PAGES) await fetchPage(page, { cookie });
    await fetchPage("/profile/egresado?redirectTo=%2Fprofile", { cookie: unansweredCookie });
    for (const page of STAFF_PAGES) await fetchPage(page, { cookie: staffCookie });

    const output = await new Promise<string>((resolve) => {
      execFile(
        "java",
        ["-jar", String(vnuJar), "--format", "json", "--errors-only", ...[...files.keys()].map((u) => new URL(u).pathname)],
        { maxBuffer: 32 * 1024 * 1024 },
        (_error, stdout, stderr) => resolve(stderr || stdout),
      );
    });
    const messages = (JSON.parse(output) as { messages: VnuMessage[] }).messages.filter((m) => m.type === "error");
    const report = messages.map(
      (m) =>
        `${files.get(pathToFileURL(new URL(m.url).pathname).href) ?? m.url}:${m.lastLine ?? "?"}: ${m.message} — ${JSON.stringify(m.extract ?? "")}`,
    );
    expect(report).toEqual([]);
    expect(files.size).toBeGreaterThan(20);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
