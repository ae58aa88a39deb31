import { beforeAll, describe, expect, test } from "vitest";
import { getContentPage } from "~/content/content-pages.server";
import { db } from "~/db.server";
import { seedDatabase } from "../../seeds/index";

beforeAll(async () => {
  await useSeededDatabase();
});

describe("seeded institutional content", () => {
  test("every slug of the directions tree has a page, except the two with their own routes", async () => {
    const nodes = await db.selectFrom("direction_nodes").select(["slug", "id"]).where("slug", "is not", null).execute();
    const pages = await db.selectFrom("department_pages").select(["slug", "direction_node_id", "tipo_departamento"]).execute();
    const bySlug = new Map(pages.map((p) => [p.slug, p]));
    const missing = nodes.filter((n) => !bySlug.has(n.slug!)).map((n) => n.slug);
    expect(missing.sort()).toEqual(["hemerobiblioteca", "subdireccion-recursos-financieros"]);
    for (const node of nodes) {
      const page = bySlug.get(node.slug!);
      if (page) expect(page.direction_node_id).toBe(node.id);
    }
    expect(pages.length).toBeGreaterThanOrEqual(45);
    const directions = pages
      .filter((p) => p.tipo_departamento === 2)
      .map((p) => p.slug)
      .sort();
    expect(directions).toEqual(["administracion", "ensenanza", "investigacion", "medica", "planeacion"]);
  });
});

// Route loaders called the way Remix calls them, with real Request objects.
import { loader as departmentLoader } from "~/routes/direccion.$slug";
import { loader as unitLoader } from "~/routes/investigadores.$id";
import { loader as pageLoader } from "~/routes/$";
import { updateSetting } from "~/settings/settings.server";
import { useSeededDatabase } from "../support/database";

const args = (path: string, params: Record<string, string>) => ({
  request: new Request(`http://localhost${path}`),
  params,
  context: { cspNonce: "test-nonce", requestId: "test-request" },
});

async function expect404(promise: Promise<unknown>) {
  const thrown = await promise.then(
    () => null,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(Response);
  expect((thrown as Response).status).toBe(404);
}

describe("/direccion/{slug}", () => {
  test("a direction uses the direction layout with its head, areas and sanitised texts", async () => {
    const { page } = await departmentLoader(args("/direccion/medica", { slug: "medica" }));
    expect(page.layout).toBe("direccion");
    expect(page.head?.name).toBe("Dr. Víctor Olivar López");
    expect(page.head?.photoUrl).toMatch(/^\/archivos\/[0-9a-f-]{36}$/);
    expect(page.areas.map((a) => a.name)).toContain("Subdirección de Asistencia Médica");
    expect(page.areas.find((a) => a.name === "Subdirección de Asistencia Médica")?.children.map((c) => c.href)).toContain(
      "/direccion/departamento-de-cardiologia",
    );
    expect(page.firstContent.__html).toContain("349 camas");
    expect(page.breadcrumbs).toEqual([{ label: "Dirección Médica", href: "/direccion/medica" }]);
  });

  test("a department uses the department layout, with breadcrumbs from the directions tree", async () => {
    const { page } = await departmentLoader(args("/direccion/departamento-de-cardiologia", { slug: "departamento-de-cardiologia" }));
    expect(page.layout).toBe("departamento");
    expect(page.title).toBe("Departamento de Cardiología");
    expect(page.breadcrumbs.map((c) => c.href)).toEqual([
      "/direccion/medica",
      "/direccion/subdireccion-de-asistenca-medica",
      "/direccion/departamento-de-cardiologia",
    ]);
    expect(page.firstImage?.alt).toMatch(/Departamento de Cardiología/);
    expect(page.secondContent.__html).toContain('href="/requisitos"');
  });

  test("the research direction lists the 15 units and its calls", async () => {
    const { page } = await departmentLoader(args("/direccion/investigacion", { slug: "investigacion" }));
    expect(page.researchUnits.map((u) => u.href)).toEqual(Array.from({ length: 15 }, (_, i) => `/investigadores/${i + 1}`));
    expect(page.documents?.key).toBe("research-calls");
    expect(page.documents?.groups.flatMap((g) => g.items).length).toBeGreaterThan(0);
  });

  test("a specialty page outside the tree hangs from /especialidades", async () => {
    const { page } = await departmentLoader(args("/direccion/oftalmologia", { slug: "oftalmologia" }));
    expect(page.breadcrumbs[0]).toEqual({ label: "Especialidades", href: "/especialidades" });
  });

  test("an unknown or unpublished slug is a 404", async () => {
    await expect404(departmentLoader(args("/direccion/no-existe", { slug: "no-existe" })));
    await db.updateTable("department_pages").set({ is_published: 0 }).where("slug", "=", "departamento-almacenes").execute();
    await expect404(departmentLoader(args("/direccion/departamento-almacenes", { slug: "departamento-almacenes" })));
  });

  test("a script an editor stores in a text renders inert", async () => {
    await db
      .updateTable("department_pages")
      .set({
        first_content: 'Hola <script>alert(1)</script> <img src=x onerror="alert(2)"> [clic](javascript:alert(3))',
        staff_links: JSON.stringify([{ name: "x", link: "javascript:alert(4)" }]),
      })
      .where("slug", "=", "departamento-de-urgencias")
      .execute();
    const { page } = await departmentLoader(args("/direccion/departamento-de-urgencias", { slug: "departamento-de-urgencias" }));
    expect(page.firstContent.__html).toContain("Hola");
    expect(page.firstContent.__html).not.toMatch(/<script|onerror|javascript:/i);
    expect(page.staffLinks).toEqual([]);
  });
});

describe("/investigadores/{number}", () => {
  test("numbers 1 to 15 answer; names without a published source are marked illustrative", async () => {
    for (let id = 1; id <= 15; id++) {
      const { unit } = await unitLoader(args(`/investigadores/${id}`, { id: String(id) }));
      expect(unit.id).toBe(id);
      expect(unit.nameIsIllustrative).toBe(![3, 7, 9, 10].includes(id));
    }
    const { unit } = await unitLoader(args("/investigadores/3", { id: "3" }));
    expect(unit.name).toBe("Unidad de Investigación en Enfermedades Oncológicas");
    expect(unit.linesOfWork.length).toBeGreaterThan(0);
  });

  test("any other number, or a non-canonical one, is a 404", async () => {
    for (const id of ["0", "16", "99", "03", "-1", "3a", "1e1"]) {
      await expect404(unitLoader(args(`/investigadores/${id}`, { id })));
    }
  });
});

describe("information pages", () => {
  test("every information page of the brief exists, with a body and a summary", async () => {
    const paths = [
      "/especialidades",
      "/el-instituto-y-su-historia",
      "/voluntariado",
      "/patronato",
      "/avisos-de-privacidad",
      "/requisitos",
      "/dano-cero",
      "/cod-etica",
      "/general",
      "/convocatoria",
      "/convocatoria/avisos",
      "/convocatoria/registro",
      "/convocatoria/descargas",
      "/convocatoria/preguntas-frecuentes",
      "/convocatoria/informes",
      "/inscripcion-pre-y-posgrado/pregrado",
      "/inscripcion-pre-y-posgrado/internos",
      "/inscripcion-pre-y-posgrado/posgrado",
      "/medica",
      "/ensenanza",
      "/investigacion",
      "/administracion",
      "/planeacion",
      "/sesion-clinico-patologica",
      "/video/scp-2024",
    ];
    for (const path of paths) {
      const page = await getContentPage(db, path);
      expect(page, path).not.toBeNull();
      expect(page!.body.__html.length, path).toBeGreaterThan(100);
      expect(page!.body.__html, path).not.toMatch(/lorem ipsum/i);
    }
  });

  test("the privacy page has a full notice per processing, names the law and explains ARCO rights", async () => {
    const { page } = await pageLoader(args("/avisos-de-privacidad", { "*": "avisos-de-privacidad" }));
    const text = page.body.__html;
    expect(text).toContain("Ley General de Protección de Datos Personales en Posesión de Sujetos Obligados");
    for (const heading of ["registro e inscripción a cursos", "donativos", "revisión de documentos de participantes"]) {
      expect(text).toContain(`Aviso de privacidad integral: ${heading}`);
    }
    expect(text.match(/<strong>Responsable\.<\/strong>/g)).toHaveLength(3);
    expect(text).toContain("derechos ARCO");
    expect(text).toContain("transparencia@himfg.edu.mx");
  });

  test("profile pages carry their profile record; /investigacion uses the research banner", async () => {
    const medica = await getContentPage(db, "/medica");
    const investigacion = await getContentPage(db, "/investigacion");
    expect(medica?.profile?.title).toBe("Dirección Médica");
    expect(medica?.profile?.banner?.responsiveUrl).toMatch(/^\/archivos\//);
    expect(investigacion?.profile?.title).toBe("Dirección de Investigación");
    expect(investigacion?.profile?.firstContent.__html).toBe(medica?.profile?.firstContent.__html);
    expect(medica?.sectionPages.map((p) => p.href)).toEqual(["/medica", "/ensenanza", "/investigacion", "/administracion", "/planeacion"]);
  });

  test("/general lists the general direction's documents", async () => {
    const page = await getContentPage(db, "/general");
    expect(page?.documents?.key).toBe("general-direction");
  });
});

describe("the session video", () => {
  test("without a configured video the page still answers, with no embed", async () => {
    const { page, video } = await pageLoader(args("/video/scp-2024", { "*": "video/scp-2024" }));
    expect(page.title).toMatch(/sesión clínico patológica/i);
    expect(video).toBeNull();
  });

  test("a configured YouTube embed is offered behind the facade", async () => {
    await updateSetting(db, "sessionVideoEmbedUrl", "https://www.youtube-nocookie.com/embed/abcDEF12345");
    const { video } = await pageLoader(args("/video/scp-2024", { "*": "video/scp-2024" }));
    expect(video?.embedUrl).toBe("https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1");
    expect(video?.watchUrl).toBe("https://www.youtube.com/watch?v=abcDEF12345");
  });
});

describe("seeding", () => {
  test("runs once: a second run adds nothing and keeps edited content", async () => {
    await db.updateTable("content_pages").set({ title: "Voluntariado (editado)" }).where("path", "=", "/voluntariado").execute();
    expect(await seedDatabase(db)).toEqual([]);
    expect((await getContentPage(db, "/voluntariado"))?.title).toBe("Voluntariado (editado)");
  });
});
