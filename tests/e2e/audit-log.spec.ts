import { db } from "../../app/db.server";
import { expect, expectNoAxeViolations, expectNoAxeViolationsWithoutJavaScript, test } from "./fixtures";
import { signInAsStaff } from "./staff-session";
import { createSignedInStaff } from "../factories";

// The Bitácora (issue 21): twenty realistic entries of one day read as Spanish sentences with
// their changes, filtered in words, a normal-length page at 1280 px and no sideways scroll at
// 320 px, axe-clean, also without JavaScript.

const DAY = "2025-02-03";
const markdown = (topic: string) =>
  `## ${topic}\n\n${"El programa reúne a los servicios clínicos y a las familias para reducir los eventos adversos. ".repeat(12)}\n\n- Reporte de eventos\n- Metas internacionales\n- Capacitación continua\n`;
const course = (overrides: Record<string, unknown> = {}) => ({
  course_id: 812,
  course_name: "Actualidades en Pediatría Crítica 2025",
  course_summary: "Curso anual para médicos residentes y personal de enfermería de terapia intensiva pediátrica.",
  course_content: markdown("Temario"),
  course_start_date: "2025-03-10",
  course_finish_date: "2025-03-14",
  course_price: 250_000,
  course_student_price: 120_000,
  course_employee_price: 60_000,
  course_max_range: 80,
  capacity_wording: "plazas",
  course_able: 1,
  course_url: "actualidades-pediatria-critica-2025",
  course_image_file_id: "4f3c2a1b-0000-4000-8000-000000000001",
  course_pdf_file_id: "4f3c2a1b-0000-4000-8000-000000000002",
  course_password: "(definida)",
  modality_id: 3,
  month_id: 3,
  online_access_url: "https://zoom.us/j/123456789",
  venue: "Auditorio Dr. Federico Gómez",
  archived_at: null,
  created_at: "2025-02-03T16:00:00.000Z",
  updated_at: "2025-02-03T16:00:00.000Z",
  ...overrides,
});

test("the Bitácora reads as sentences, filtered in words, at 1280 and 320 px", async ({ browser, baseURL }) => {
  test.slow();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInAsStaff(context, baseURL!, "admin");
  const ana = await createSignedInStaff(db, "comunicacion");
  await db.updateTable("staff_members").set({ name: "Ana Pérez" }).where("id", "=", ana.user.id).execute();
  const page = (await db.selectFrom("content_pages").select(["id", "title"]).where("path", "=", "/dano-cero").executeTakeFirstOrThrow()) as {
    id: number;
    title: string;
  };
  const by = { actor_staff_id: ana.user.id, actor_email: ana.user.email, actor_role: "comunicacion" as const };
  const entries = [
    {
      action: "page.create",
      entity: "content_page",
      entity_id: "9001",
      after: {
        path: "/calidad/metas",
        title: "Metas de calidad",
        navLabel: null,
        summary: "Metas 2025.",
        body: markdown("Metas"),
        status: "borrador",
        publishAt: null,
      },
    },
    {
      action: "page.update",
      entity: "content_page",
      entity_id: String(page.id),
      before: { title: "Daño cero", body: markdown("Antes") },
      after: { title: page.title, body: markdown("Después") },
    },
    {
      action: "page.restore",
      entity: "content_page",
      entity_id: String(page.id),
      before: { title: "Daño cero", body: markdown("Después") },
      after: { title: page.title, body: markdown("Antes"), restoredFrom: 1, revision: 4 },
    },
    { action: "curso.crear", entity: "course", entity_id: "812", before: null, after: course() },
    {
      action: "curso.editar",
      entity: "course",
      entity_id: "812",
      before: course(),
      after: course({ course_price: 280_000, venue: "Aula Magna", updated_at: "2025-02-03T18:00:00.000Z" }),
    },
    {
      action: "settings.update",
      entity: "site_settings",
      entity_id: null,
      before: { phone: "55 5228 9917", socialLinks: [{ name: "Facebook", url: "https://www.facebook.com/HIMFG" }] },
      after: {
        phone: "55 5228 9917 ext. 1234",
        socialLinks: [
          { name: "Facebook", url: "https://www.facebook.com/HIMFG" },
          { name: "YouTube", url: "https://www.youtube.com/@HIMFG" },
        ],
      },
    },
    {
      action: "staff.invite",
      entity: "staff_member",
      entity_id: "70001",
      after: { email: "beatriz.luna@himfg.test", name: "Beatriz Luna", role: "finanzas", status: "invitada" },
    },
    {
      action: "staff.role_change",
      entity: "staff_member",
      entity_id: String(ana.user.id),
      before: { role: "ensenanza" },
      after: { role: "comunicacion" },
    },
    {
      action: "documento.aprobar",
      entity: "participant_document",
      entity_id: "70002",
      before: { status: "pendiente", participant_id: 55, kind: "professional_license" },
      after: { status: "aprobado", rejection_reason: null },
    },
    {
      action: "inscripcion.confirmar_por_revision",
      entity: "enrolment",
      entity_id: "70003",
      before: { status: "pendiente_de_revision" },
      after: { status: "confirmada", modality: "presencial" },
    },
    {
      action: "pago.registrar_fuera_de_linea",
      entity: "offline_payment",
      entity_id: "70004",
      before: null,
      after: {
        enrolment_id: 70003,
        method: "transferencia",
        amount_centavos: 250_000,
        price_centavos: 250_000,
        paid_on: "2025-02-02",
        reference: "SPEI-2025-000123",
        receipt_file_id: "4f3c2a1b-0000-4000-8000-000000000003",
      },
    },
    {
      action: "pagos.exportar",
      entity: "ledger",
      entity_id: "lista",
      before: null,
      after: { format: "xlsx", filters: { from: "2025-01-01", to: "2025-01-31", purpose: "inscripcion", status: "aprobado" }, rows: 1834 },
    },
    {
      action: "banner.create",
      entity: "banner",
      entity_id: "70005",
      before: null,
      after: {
        heading: "Jornada de vacunación 2025",
        altText: "Niña recibe una vacuna en el brazo",
        link: "/noticias/vacunacion",
        imageFileId: "4f3c2a1b-0000-4000-8000-000000000004",
        visible: true,
        visibleFrom: "2025-02-04T06:00:00.000Z",
        visibleUntil: null,
      },
    },
    {
      action: "gallery_image.update",
      entity: "gallery_image",
      entity_id: "70006",
      before: {
        gallery: "galeria",
        title: "Mural del vestíbulo",
        author: null,
        caption: "Mural pintado en 1943.",
        altText: "Mural",
        imageFileId: "4f3c2a1b-0000-4000-8000-000000000005",
        visible: true,
      },
      after: {
        gallery: "galeria",
        title: "Mural del vestíbulo principal",
        author: "Anónimo",
        caption: "Mural pintado en 1943.",
        altText: "Mural con figuras de niños y médicos",
        imageFileId: "4f3c2a1b-0000-4000-8000-000000000005",
        visible: true,
      },
    },
    {
      action: "department_page.update",
      entity: "department_page",
      entity_id: "70007",
      before: { page_first_content: markdown("Misión"), page_staff: [{ name: "Dra. Laura Méndez", link: "mailto:lmendez@himfg.edu.mx" }] },
      after: {
        page_first_content: markdown("Misión y visión"),
        page_staff: [
          { name: "Dra. Laura Méndez", link: "mailto:lmendez@himfg.edu.mx" },
          { name: "Dr. Jorge Salinas", link: "/directorio/salinas" },
        ],
        revision: 6,
      },
    },
    {
      action: "research_unit.create",
      entity: "research_unit",
      entity_id: "70008",
      before: null,
      after: {
        unit_name: "Laboratorio de Genómica",
        unit_kind: "laboratorio",
        name_is_illustrative: false,
        summary: "Genómica de enfermedades raras en pediatría.",
        content: markdown("Líneas"),
        lines_of_work: ["Enfermedades raras", "Farmacogenómica", "Cáncer infantil"],
        head_name: "Dr. Ramón Ortiz",
        head_grade: "Investigador en Ciencias Médicas F",
        image: null,
        image_alt: "",
        status: "borrador",
        publishAt: null,
        revision: 1,
      },
    },
    {
      action: "direction_node.delete",
      entity: "direction_node",
      entity_id: "70009",
      before: {
        name: "Departamento de Archivo Clínico",
        slug: "archivo-clinico",
        href: "/direccion/archivo-clinico",
        level: "departamento",
        parentId: 3,
        position: 4,
        page: { id: 91, title: "Archivo Clínico" },
      },
      after: { deleted: true, redirect: { from: "/direccion/archivo-clinico", to: "/direccion/medica" } },
    },
    {
      action: "menu_link.create",
      entity: "menu_link",
      entity_id: "70010",
      before: null,
      after: { menu: "pie", label: "Aviso de accesibilidad", href: "/accesibilidad", position: 7 },
    },
    {
      action: "document.replace_file",
      entity: "document_item",
      entity_id: "70011",
      before: { fileId: "4f3c2a1b-0000-4000-8000-000000000006" },
      after: {
        fileId: "4f3c2a1b-0000-4000-8000-000000000007",
        contentType: "application/pdf",
        bytes: 1_254_000,
        formerAddress: "/archivos/anuario-2024.pdf",
      },
    },
  ];
  const rows = entries.map((entry, index) => ({
    ...by,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entity_id,
    before_json: "before" in entry && entry.before ? JSON.stringify(entry.before) : null,
    after_json: JSON.stringify(entry.after),
    request_id: `e2e-bitacora-${index}`,
    created_at: `${DAY}T${String(15 + Math.floor(index / 3)).padStart(2, "0")}:${String((index % 3) * 15 + 5).padStart(2, "0")}:00.000Z`,
  }));
  await db
    .insertInto("audit_log")
    .values([
      ...rows,
      {
        actor_staff_id: null,
        actor_email: null,
        actor_role: null,
        action: "page.publish_scheduled",
        entity: "content_page",
        entity_id: String(page.id),
        after_json: JSON.stringify({ status: "publicada", path: "/dano-cero" }),
        created_at: `${DAY}T22:00:00.000Z`,
      },
    ])
    .execute();

  // From the staff navigation, filtered to that day with the form.
  const browserPage = await context.newPage();
  await browserPage.goto("/admin/dashboard");
  await browserPage.getByRole("navigation", { name: "Área del personal" }).getByRole("link", { name: "Bitácora" }).click();
  await expect(browserPage.getByRole("heading", { level: 1, name: "Bitácora" })).toBeVisible();
  await browserPage.getByLabel("Desde el día").fill(DAY);
  await browserPage.getByLabel("Hasta el día").fill(DAY);
  await browserPage.getByRole("button", { name: "Filtrar" }).click();
  await expect(browserPage).toHaveURL(new RegExp(`from=${DAY}&to=${DAY}`));
  const list = browserPage.getByTestId("audit-entries");
  const items = list.locator(":scope > li");
  await expect(items).toHaveCount(20);
  await expect(browserPage.getByRole("status").filter({ hasText: "entradas" })).toHaveText(
    "20 entradas con estos filtros, de la más reciente a la más antigua.",
  );

  // Sentences: who, did what, to which record (linked), when.
  await expect(items.first()).toContainText("El sistema publicó, a la hora programada, la página «");
  await expect(items.first()).toContainText("3 feb 2025, 16:00:00");
  const restore = items.filter({ hasText: "restauró la versión 1 de" });
  await expect(restore.locator(".audit-entry__sentence")).toHaveText(
    `Ana Pérez (Comunicación) restauró la versión 1 de la página «${page.title}» (versión 4).`,
  );
  await expect(restore.getByRole("link", { name: `la página «${page.title}»` })).toHaveAttribute("href", `/admin/contenido/${page.id}`);
  await expect(items.filter({ hasText: "exportó el libro de pagos (XLSX, 1,834 filas)" })).toContainText(
    "Filtros: Desde: 1 ene 2025; Hasta: 31 ene 2025; Concepto: Inscripción; Estado: Aprobado",
  );
  const edited = items.filter({ hasText: "editó el curso «Actualidades en Pediatría Crítica 2025»" });
  await expect(edited).toContainText("Precio (externos): $2,500.00 →cambió a $2,800.00");
  await expect(edited).toContainText("Sede: Auditorio Dr. Federico Gómez →cambió a Aula Magna");
  await expect(edited).not.toContainText("Resumen");
  await expect(items.filter({ hasText: "registró un pago fuera de línea de $2,500.00 para" })).toContainText("Forma de pago: Transferencia bancaria");
  await expect(items.filter({ hasText: "cambió la función de Ana Pérez" })).toContainText("Función: Dirección de Enseñanza →cambió a Comunicación");
  // No codes, no JSON on the page as it shows.
  const shown = await list.evaluate((element) => (element as HTMLElement).innerText);
  for (const code of ["page.restore", "content_page", "staff.invite", "pagos.exportar", '":', "\\n"]) expect(shown).not.toContain(code);

  // A normal-length page: twenty entries with long texts, course snapshots and lists.
  const height = await browserPage.evaluate(() => document.documentElement.scrollHeight);
  test.info().annotations.push({ type: "page height at 1280 px, 20 entries", description: `${height} px` });
  expect(height, `page height ${height}px`).toBeLessThan(6000);
  // A long text is shortened; the whole of it is one click away.
  const update = items.filter({ hasText: `editó la página «${page.title}»` });
  await update.getByText("Ver el texto completo").click();
  await expect(update.locator(".audit-full").first()).toContainText("Capacitación continua");
  await expectNoAxeViolations(browserPage);

  // People by name, actions in words.
  const people = browserPage.getByLabel("Persona", { exact: true });
  const anaOption = people.locator("option", { hasText: "Ana Pérez (Comunicación)" }).first();
  await people.selectOption((await anaOption.getAttribute("value"))!);
  await browserPage.getByLabel("Acción").selectOption({ label: "Restaurar una versión de una página" });
  await browserPage.getByRole("button", { name: "Filtrar" }).click();
  await expect(browserPage).toHaveURL(/action=page\.restore/);
  await expect(items).toHaveCount(1);
  await expect(items.first()).toContainText("restauró la versión 1 de la página");

  // 320 px: the day's twenty entries, every detail open, nothing scrolls sideways.
  await browserPage.setViewportSize({ width: 320, height: 800 });
  await browserPage.goto(`/admin/bitacora?from=${DAY}&to=${DAY}`);
  await expect(items).toHaveCount(20);
  await browserPage.evaluate(() => document.querySelectorAll("details").forEach((details) => details.setAttribute("open", "")));
  expect(await browserPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolations(browserPage);
  await context.close();

  // Without JavaScript the filter form and the list work the same (a GET form).
  const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 320, height: 800 } });
  await signInAsStaff(noJs, baseURL!, "admin");
  const plain = await noJs.newPage();
  await plain.goto("/admin/bitacora");
  await plain.getByLabel("Desde el día").fill(DAY);
  await plain.getByLabel("Hasta el día").fill(DAY);
  await plain.getByLabel("Tipo de registro").selectOption({ label: "Cursos" });
  await plain.getByRole("button", { name: "Filtrar" }).click();
  await expect(plain.getByTestId("audit-entries").locator(":scope > li")).toHaveCount(2);
  await expect(plain.getByTestId("audit-entries")).toContainText("creó el curso «Actualidades en Pediatría Crítica 2025»");
  expect(await plain.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoAxeViolationsWithoutJavaScript(plain);
  await noJs.close();
});
