import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { db } from "~/db.server";
import { STAFF_LINKS } from "~/staff/navigation";
import { roleAllows, STAFF_ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/staff/staff";
import { createParticipant, createParticipantWithDocuments, createSignedInStaff, sessionCookieFor } from "../factories";
import { prepareDatabase } from "../../server/prepare-database";
import { routePolicies } from "../../server/route-policy";
import { clearOfMexicoCityMidnight } from "../support/midnight";
import { startTestServer } from "../support/test-server";

// The staff area's own frame (issue 21), through the real Express app and Remix build: a staff
// page shows who is signed in, in which role, sign-out, the pages the role may open and the way
// back to the public site; nothing of the public frame (sign-in links, menus, directions tree,
// footer, the participant's session) is rendered or even loaded for it.

let baseUrl = "";
let close: () => Promise<void>;
let build: ServerBuild;
const staffByRole = new Map<StaffRole, Awaited<ReturnType<typeof createSignedInStaff>>>();

beforeAll(async () => {
  // The demo content: the public menus and the directions tree the staff frame must leave out.
  await prepareDatabase({ includeDemoContent: true }, db);
  build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
  ({ baseUrl, close } = await startTestServer());
  for (const role of STAFF_ROLES) staffByRole.set(role, await createSignedInStaff(db, role));
});

afterAll(async () => close?.());

async function html(pathName: string, cookie = ""): Promise<string> {
  const response = await fetch(`${baseUrl}${pathName}`, { headers: cookie ? { Cookie: cookie } : {}, redirect: "manual" });
  expect(response.status, pathName).toBe(200);
  return response.text();
}

/** The hrefs of the links inside the element that opens with `opening` (its first `</nav>` closes it). */
function linksInside(page: string, opening: RegExp): string[] {
  const start = page.search(opening);
  if (start < 0) return [];
  const section = page.slice(start, page.indexOf("</nav>", start));
  return [...section.matchAll(/<a [^>]*href="([^"]+)"/g)].map((match) => match[1]!);
}

const STAFF_NAV = /<nav class="staff-nav" aria-label="Área del personal">/;

/** The `staffAccess` of the route module that answers `href`, from the build (as Express finds it). */
function staffAccessOf(href: string): readonly StaffRole[] {
  const { routeId } = routePolicies(build).policyFor(href);
  const access = (build.routes[routeId ?? ""]?.module as { staffAccess?: unknown } | undefined)?.staffAccess;
  if (!Array.isArray(access)) throw new Error(`${href} is not a guarded staff page (route ${routeId})`);
  return access as readonly StaffRole[];
}

describe("the staff frame", () => {
  test("a staff page shows the staff member, the role, sign-out and the public site, and nothing of the public frame", async () => {
    const participant = await createParticipant({ name: "Participante Con Sesión Abierta" });
    const participantCookie = await sessionCookieFor(participant);
    for (const role of STAFF_ROLES) {
      const staff = staffByRole.get(role)!;
      // The same browser also holds a participant's session: the staff page ignores it.
      const page = await html("/admin/dashboard", `${staff.cookie}; ${participantCookie}`);
      expect(page).toContain(staff.user.name);
      expect(page).toContain(STAFF_ROLE_LABELS[role]);
      expect(page).toContain("Cerrar sesión");
      expect(page).toMatch(/<a href="\/" class="staff-header__public">Ver el sitio público<\/a>/);
      expect(page).toMatch(/<a class="staff-brand"[^>]* href="\/admin\/dashboard"/);
      expect(page).not.toContain("Iniciar sesión");
      expect(page).not.toContain("Registrarse");
      expect(page).not.toContain('aria-label="Principal"');
      expect(page).not.toContain("Consulta de primera vez");
      expect(page).not.toContain("Todos los derechos reservados");
      expect(page).not.toContain("Participante Con Sesión Abierta");
    }
    // A public page keeps the public frame, for staff too.
    const publicPage = await html("/mision-y-vision", staffByRole.get("admin")!.cookie);
    expect(publicPage).toContain('aria-label="Principal"');
    expect(publicPage).toContain("Iniciar sesión");
    expect(publicPage).not.toContain("staff-header");
  });

  test("the root loader reads no directions tree, public menu or participant session for a staff page", async () => {
    const participant = await createParticipant({ name: "Participante Sin Marco Público" });
    const cookie = `${staffByRole.get("comunicacion")!.cookie}; ${await sessionCookieFor(participant)}`;
    const rootData = async (dataPath: string) => {
      const response = await fetch(`${baseUrl}${dataPath}?_routes=root`, { headers: { Cookie: cookie } });
      expect(response.status, dataPath).toBe(200);
      return response.text();
    };
    // The public page's root data has them (so the check below can fail)…
    // (Single fetch's turbo-stream writes each key once, as a JSON string.)
    const publicData = await rootData("/_root.data");
    expect(publicData).toContain('"directions"');
    expect(publicData).toContain('"menus"');
    expect(publicData).toContain("Departamento de Urgencias");
    expect(publicData).toContain("Participante Sin Marco Público");
    // …the staff page's has none of them.
    const staffData = await rootData("/admin/contenido.data");
    expect(staffData).toContain(staffByRole.get("comunicacion")!.user.name);
    for (const absent of [
      '"directions"',
      '"menus"',
      '"user"',
      "Departamento de Urgencias",
      "Consulta de primera vez",
      "Participante Sin Marco Público",
    ])
      expect(staffData).not.toContain(absent);
  });

  test("the navigation shows, for each role, exactly the listed pages its staffAccess allows", async () => {
    for (const link of STAFF_LINKS) {
      // The list's roles and the route's own staffAccess let in the same roles.
      const access = staffAccessOf(link.href);
      for (const role of STAFF_ROLES) expect(roleAllows(role, link.roles), `${link.href} for ${role}`).toBe(roleAllows(role, access));
    }
    for (const role of STAFF_ROLES) {
      const page = await html("/admin/dashboard", staffByRole.get(role)!.cookie);
      const shown = linksInside(page, STAFF_NAV);
      const allowed = STAFF_LINKS.filter((link) => roleAllows(role, staffAccessOf(link.href))).map((link) => link.href);
      expect(shown, role).toEqual(allowed);
      // The phone menu offers the very same links.
      expect(linksInside(page, /<nav class="staff-menu__panel"/), role).toEqual(allowed);
    }
    const teaching = await html("/admin/dashboard", staffByRole.get("ensenanza")!.cookie);
    expect(teaching).toMatch(/<a[^>]* href="\/admin\/cursos"[^>]*>Cursos<\/a>/);
  });

  test("a page a role may not open still has the frame, with sign-out once", async () => {
    const page = await (await fetch(`${baseUrl}/admin/personal`, { headers: { Cookie: staffByRole.get("ensenanza")!.cookie } })).text();
    expect(page).toContain("No tiene permiso para esta página");
    expect(page).toContain(`<span class="staff-header__name">${staffByRole.get("ensenanza")!.user.name}</span>`);
    expect(page.match(/>Cerrar sesión</g)).toHaveLength(1);
    const links = linksInside(page, STAFF_NAV);
    expect(links).toContain("/admin/revision");
    expect(links).not.toContain("/admin/personal");
  });

  test("the sign-in page has the minimal frame: the hospital, the public site, no public header", async () => {
    const page = await html("/admin/login");
    expect(page).toContain("Área del personal");
    expect(page).toContain("Ver el sitio público");
    expect(page).toMatch(/<a class="staff-brand"[^>]* href="\/admin\/dashboard"/);
    expect(page).not.toContain("Registrarse");
    expect(page).not.toContain("Cerrar sesión");
    expect(page).not.toContain('aria-label="Principal"');
  });
});

describe("the dashboard", () => {
  test("keeps the seed's Curso and Estudiantes links and links Documentos por revisar for the roles that review", async () => {
    const links = (page: string) =>
      page.slice(page.indexOf('data-testid="dashboard-links"'), page.indexOf("</ul>", page.indexOf('data-testid="dashboard-links"')));
    const teaching = links(await html("/admin/dashboard", staffByRole.get("ensenanza")!.cookie));
    expect(teaching).toMatch(/href="\/admin\/cursos"[^>]*>Curso<\/a>/);
    expect(teaching).toMatch(/href="\/admin\/estudiantes"[^>]*>Estudiantes<\/a>/);
    expect(teaching).toMatch(/href="\/admin\/revision"[^>]*>Documentos por revisar<\/a>/);
    expect(links(await html("/admin/dashboard", staffByRole.get("admin")!.cookie))).toMatch(
      /href="\/admin\/revision"[^>]*>Documentos por revisar<\/a>/,
    );
    for (const role of ["comunicacion", "finanzas"] as const)
      expect(await html("/admin/dashboard", staffByRole.get(role)!.cookie), role).not.toContain('href="/admin/revision"');
  });

  test("says how long each document has waited in words: hoy, 1 día, N días; the queue counts in the singular and the plural", async () => {
    const day = 24 * 60 * 60 * 1000;
    const today = await createParticipantWithDocuments("EXTERNO", "Ana Llegó Hoy");
    const yesterday = await createParticipantWithDocuments("EXTERNO", "Beto Llegó Ayer");
    const older = await createParticipantWithDocuments("ESTUDIANTE", "Carla Lleva Días");
    const sentAgo = async (participantId: number, ms: number) => {
      const at = new Date(Date.now() - ms).toISOString();
      await db.updateTable("participant_documents").set({ created_at: at, updated_at: at }).where("participant_id", "=", participantId).execute();
    };
    // The ages are Mexico City days from now to the server's render: not across a midnight.
    await clearOfMexicoCityMidnight(10_000);
    await sentAgo(today.id, 0);
    await sentAgo(yesterday.id, day);
    await sentAgo(older.id, 12 * day);

    const dashboard = await html("/admin/dashboard", staffByRole.get("ensenanza")!.cookie);
    const item = (name: string) =>
      dashboard
        .match(new RegExp(`${name}</a>[^]*?</li>`))?.[0]
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, "") ?? "";
    expect(item("Ana Llegó Hoy")).toMatch(/Esperando desde el .+ \(hoy\)\.$/);
    expect(item("Beto Llegó Ayer")).toMatch(/Esperando desde el .+ \(1 día\)\.$/);
    expect(item("Carla Lleva Días")).toMatch(/Esperando desde el .+ \(12 días\)\.$/);
    expect(dashboard).not.toMatch(/llegó hoy|\(0 días\)|\(s\)/);

    const queue = (await html("/admin/revision", staffByRole.get("ensenanza")!.cookie)).replace(/<!-- -->/g, "");
    const entry = (name: string) => queue.match(new RegExp(`${name} \\(\\d+\\)</a>[^]*?</p>`))?.[0].replace(/<[^>]+>/g, "") ?? "";
    expect(entry("Ana Llegó Hoy")).toMatch(/1 documento pendiente · esperando desde .+ \(hoy\)$/);
    expect(entry("Beto Llegó Ayer")).toMatch(/1 documento pendiente · esperando desde .+ \(1 día\)$/);
    expect(entry("Carla Lleva Días")).toMatch(/2 documentos pendientes · esperando desde .+ \(12 días\)$/);
    expect(queue).not.toMatch(/\(s\)|\(0 días\)/);
  });
});
