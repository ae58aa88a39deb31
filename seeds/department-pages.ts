import type { Kysely } from "kysely";
import type { DB } from "../app/db.server";
import { storeFile } from "../app/files/files.server";
import directionsTree from "./data/directions.json";
import facts from "./data/institutional-facts.json";
import { areaTexts, type AreaText } from "./department-texts";
import { drawContentImage, drawPortrait, type ArtPalette } from "./institutional-art";

/**
 * Demo content of /direccion/{slug}: one page for every node of the directions tree that has a
 * slug, plus the specialties' own pages. Facts (names, heads, figures, requirements) come from
 * seeds/data; the prose is written here. Insert-if-missing by slug.
 */

// These two slugs have their own static routes (library, financial transparency).
const SLUGS_WITH_OWN_ROUTE = new Set(["hemerobiblioteca", "subdireccion-recursos-financieros"]);

interface TreeNode {
  name: string;
  href: string;
  level: string;
  slug?: string;
  head?: string;
  children?: TreeNode[];
}

type Family = "general" | "medica" | "ensenanza" | "investigacion" | "administracion" | "planeacion";

interface PageSeed {
  slug: string;
  title: string;
  level: string;
  family: Family;
  parentName: string | null;
  head: { name: string; grade: string } | null;
  text: AreaText;
  staffLinks: { name: string; link: string }[];
}

const familyByDirection: Record<string, Family> = {
  "Dirección General": "general",
  "Dirección Médica": "medica",
  "Dirección de Enseñanza y Desarrollo Académico": "ensenanza",
  "Dirección de Investigación": "investigacion",
  "Dirección de Administración": "administracion",
  "Dirección de Planeación": "planeacion",
};

const art: Record<Family, { palette: ArtPalette; motif: "cruz" | "circulos" | "libro" | "molecula"; eyebrow: string }> = {
  general: { palette: "guinda", motif: "circulos", eyebrow: "Dirección General" },
  medica: { palette: "guinda", motif: "cruz", eyebrow: "Dirección Médica" },
  ensenanza: { palette: "verde", motif: "libro", eyebrow: "Enseñanza" },
  investigacion: { palette: "azul", motif: "molecula", eyebrow: "Investigación" },
  administracion: { palette: "dorado", motif: "circulos", eyebrow: "Administración" },
  planeacion: { palette: "verde", motif: "circulos", eyebrow: "Planeación" },
};

const residencyPeople = facts.residency.contacts.people;
const rotationContacts = [facts.enrolmentInfo.pregrado.contact, facts.enrolmentInfo.posgrado.contact];

/** Heads and staff lists the site publishes, by slug (the directions' heads come from the tree). */
const knownHeads: Record<string, { name: string; grade: string }> = {
  "subdireccion-de-ensenanza": { name: residencyPeople[0]!.name, grade: "Subdirectora de Enseñanza" },
  "pre-y-posgrado": { name: residencyPeople[1]!.name, grade: "Jefe del Departamento de Educación de Pre y Posgrado" },
};

const knownStaff: Record<string, { name: string; link: string }[]> = {
  "pre-y-posgrado": [
    ...residencyPeople.slice(1, 5).map((person) => ({ name: `${person.name}: ${person.role}`, link: `mailto:${person.email}` })),
    ...rotationContacts.map((contact) => ({ name: `${contact.name}: ${contact.area}`, link: `mailto:${contact.email}` })),
  ],
  ensenanza: [
    { name: `${residencyPeople[0]!.name}: Subdirección de Enseñanza`, link: "/direccion/subdireccion-de-ensenanza" },
    { name: `${residencyPeople[1]!.name}: Departamento de Educación de Pre y Posgrado`, link: "/direccion/pre-y-posgrado" },
  ],
};

const directionGrades: Record<string, string> = {
  medica: "Director Médico",
  ensenanza: "Directora de Enseñanza y Desarrollo Académico",
  investigacion: "Directora de Investigación",
  administracion: "Director de Administración",
  planeacion: "Directora de Planeación",
};

const figure = (label: string) => {
  const found = facts.hospitalFigures.find((f) => f.label === label);
  if (!found) throw new Error(`Missing hospital figure: ${label}`);
  return found.value as number;
};
const number = (value: number) => new Intl.NumberFormat("es-MX").format(value);

/** The intro of the five directions, written for each. */
function directionTexts(slug: string): { first: string; second: string } {
  const req = facts.firstVisitRequirements;
  switch (slug) {
    case "medica":
      return {
        first: `## Quiénes somos

La Dirección Médica conduce la atención de niñas, niños y adolescentes que llegan al hospital referidos de todo el país. Coordina cinco subdirecciones: Pediatría Ambulatoria, Asistencia Médica, Asistencia Quirúrgica, Servicios Auxiliares de Diagnóstico y Atención Integral al Paciente.

Cada año el hospital otorga más de ${number(figure("Consultas otorgadas"))} consultas, atiende cerca de ${number(figure("Atenciones en urgencias"))} urgencias y realiza más de ${number(figure("Procedimientos quirúrgicos de alta especialidad"))} procedimientos quirúrgicos de alta especialidad, con ${figure("Camas")} camas, ${figure("Consultorios")} consultorios y ${figure("Quirófanos")} quirófanos.`,
        second: `## Nuestro compromiso

Trabajamos con un modelo de atención centrado en el paciente y su familia, con metas de seguridad que forman parte de la estrategia [Daño Cero](/dano-cero). La tasa de sobrevida por leucemia alcanza ${figure("Tasa de sobrevida por leucemia")} %, y el ${figure("Percepción de satisfacción en calidad de atención")} % de las familias califica como buena la calidad de la atención.

Conozca [el hospital en cifras](/medica) y los [requisitos para la consulta de primera vez](/requisitos).`,
      };
    case "ensenanza":
      return {
        first: `## Quiénes somos

La Dirección de Enseñanza y Desarrollo Académico forma a los especialistas en pediatría que el país necesita. El hospital fue la primera sede de residencia con reconocimiento de la UNAM (1951) y hoy egresan más de ${figure("Especialistas egresados")} especialistas por año, mexicanos y extranjeros.

Ofrecemos ${figure("Cursos de posgrado de ramas troncales y de entrada directa")} cursos de posgrado de ramas troncales y de entrada directa, ${figure("Especialidades pediátricas")} especialidades pediátricas y más de ${figure("Cursos de Alta Especialidad")} cursos de alta especialidad, todos con aval universitario.`,
        second: `## Para estudiantes y profesionales

- [Convocatoria para aspirantes a cursos de especialización](/convocatoria)
- [Servicio social, prácticas, estancias y tesis](/inscripcion-pre-y-posgrado/pregrado)
- [Médicos internos de pregrado](/inscripcion-pre-y-posgrado/internos)
- [Médicos residentes en rotación](/inscripcion-pre-y-posgrado/posgrado)
- [Oferta académica de educación médica continua](/ensenanza/offer)

Conozca también [la enseñanza en el hospital en cifras](/ensenanza).`,
      };
    case "investigacion":
      return {
        first: `## Quiénes somos

La Dirección de Investigación genera conocimiento científico sobre las enfermedades de la infancia y lo lleva a la práctica clínica. En 1945 el hospital abrió la primera unidad de investigación en pediatría del país; hoy más de ${figure("Investigadores del Sistema Nacional de Investigadores (SNI)")} de nuestros investigadores pertenecen al Sistema Nacional de Investigadoras e Investigadores.

Nuestros grupos trabajan en oncología, enfermedades infecciosas, nutrición, neurociencias, genómica y epidemiología, casi siempre junto a los servicios clínicos.`,
        second: `## Financiamiento y publicación

La Subdirección de Gestión de la Investigación acompaña a cada grupo en el registro de protocolos y en las convocatorias de financiamiento con fondos federales. El Departamento de Ediciones Médicas publica el Boletín Médico del Hospital Infantil de México desde 1949.

Más información en [la investigación en el hospital](/investigacion).`,
      };
    case "administracion":
      return {
        first: `## Quiénes somos

La Dirección de Administración procura los recursos humanos, materiales y financieros que hacen posible la atención, la enseñanza y la investigación. Coordina las subdirecciones de Recursos Humanos, Recursos Materiales, Mantenimiento y Recursos Financieros.`,
        second: `## Transparencia en el uso de los recursos

Publicamos los procedimientos de contratación, el programa anual de adquisiciones y la información financiera del instituto. Consulte la [información financiera](/direccion/subdireccion-recursos-financieros), la [Plataforma Nacional de Transparencia](https://www.plataformadetransparencia.org.mx/) y [la administración en cifras](/administracion).`,
      };
    case "planeacion":
      return {
        first: `## Quiénes somos

La Dirección de Planeación da seguimiento al Proyecto Estratégico Institucional 2024–2029, mide el desempeño de las áreas y administra la información del hospital: sistemas, estadística y archivo clínico.`,
        second: `## Información para decidir

El Departamento de Bioestadística y Archivo Clínico integra cada año el [anuario estadístico](/direccion/bioestadistica-y-archivo-clinico) del hospital. Los requisitos de ingreso de pacientes se explican en [consulta de primera vez](/requisitos) (${req.requirements[0]!.fact}). Vea también [la planeación en cifras](/planeacion).`,
      };
    default:
      throw new Error(`No direction text for ${slug}`);
  }
}

function secondText(page: PageSeed): string {
  const req = facts.firstVisitRequirements.requirements;
  const where = req.find((r) => r.label === "¿DÓNDE?")!.fact;
  const hours = req.find((r) => r.label === "HORARIO")!.fact;
  switch (page.family) {
    case "medica":
      return `## Cómo recibir atención

Atendemos a pacientes menores de 18 años sin seguridad social que llegan con una hoja de referencia de una institución pública de salud. La valoración de primera vez se solicita en la ${where}, de ${hours}. Consulte todos los [requisitos para la consulta de primera vez](/requisitos).

## Enseñanza e investigación

Médicos residentes de pediatría y de especialidades pediátricas rotan por el servicio bajo la supervisión de médicos adscritos, y el equipo participa en protocolos de investigación clínica. Conozca la [convocatoria a residencias médicas](/convocatoria).`;
    case "ensenanza":
      return `## Oferta académica

- [Convocatoria para aspirantes a cursos de especialización](/convocatoria)
- [Servicio social, prácticas, estancias y tesis](/inscripcion-pre-y-posgrado/pregrado)
- [Médicos internos de pregrado](/inscripcion-pre-y-posgrado/internos)
- [Médicos residentes en rotación](/inscripcion-pre-y-posgrado/posgrado)
- [Cursos de educación médica continua](/ensenanza/offer)

El hospital no otorga becas ni estacionamiento a estudiantes ni rotantes.`;
    case "investigacion":
      return `## Colaboración

Trabajamos de la mano con los servicios clínicos y con universidades del país y del extranjero. Conozca las [unidades y laboratorios de investigación](/direccion/investigacion) y las convocatorias vigentes.`;
    default:
      return `## Atención y contacto

Para comunicarse con esta área llame al conmutador del hospital, 55 5228 9917, y solicite la extensión correspondiente, o escriba a contacto@himfg.edu.mx. La información pública del instituto se consulta en la [Plataforma Nacional de Transparencia](https://www.plataformadetransparencia.org.mx/).`;
  }
}

function firstText(page: PageSeed): string {
  const belongs = page.parentName ? ` forma parte de la ${page.parentName} y` : "";
  const intro =
    page.level === "subdireccion"
      ? `La ${page.title}${belongs ? belongs.replace(" forma parte de la", " depende de la") : ""} ${lowerFirst(page.text.focus)}`
      : `${article(page.title)} ${page.title}${belongs} ${lowerFirst(page.text.focus)}`;
  return `## Quiénes somos

${intro}

## Qué hacemos

${page.text.services.map((service) => `- ${service}`).join("\n")}`;
}

function lowerFirst(text: string): string {
  // "La Clínica…" and proper nouns at the start stay as written.
  return /^(La Clínica|El Boletín)/.test(text) ? text : text.charAt(0).toLowerCase() + text.slice(1);
}

function article(title: string): string {
  return /^(Clínica|Subdirección|Dirección|Unidad|Cirugía|Oftalmología|Otorrinolaringología|Pediatría|Alergia|Genética)/.test(title) ? "La" : "El";
}

function collectPages(): PageSeed[] {
  const pages: PageSeed[] = [];
  const walk = (node: TreeNode, family: Family, parentName: string | null) => {
    if (node.slug && !SLUGS_WITH_OWN_ROUTE.has(node.slug)) {
      const isDirection = node.level === "direccion";
      const text = areaTexts[node.slug];
      if (!text && !isDirection) throw new Error(`No text for /direccion/${node.slug}`);
      pages.push({
        slug: node.slug,
        title: node.name,
        level: node.level,
        family,
        parentName: isDirection ? null : parentName,
        head: node.head ? { name: node.head, grade: directionGrades[node.slug] ?? `Titular del ${node.name}` } : (knownHeads[node.slug] ?? null),
        text: text ?? { focus: "", services: [] },
        staffLinks: knownStaff[node.slug] ?? [],
      });
    }
    for (const child of node.children ?? []) walk(child, family, node.name);
  };
  for (const direction of directionsTree as TreeNode[]) walk(direction, familyByDirection[direction.name] ?? "general", null);

  const specialtyNames = new Map(facts.specialties.map((s) => [s.slug, s.name]));
  for (const extra of facts.slugsLinkedOnlyFromSpecialties) {
    const text = areaTexts[extra.slug];
    if (!text) throw new Error(`No text for /direccion/${extra.slug}`);
    const name = specialtyNames.get(extra.slug) ?? extra.linkedFromSpecialty;
    pages.push({
      slug: extra.slug,
      title: /^(Clínica|CLINDI)/.test(name)
        ? name === "CLINDI"
          ? "Clínica de Atención Integral del Niño con Discapacidad (CLINDI)"
          : name
        : `Servicio de ${name}`,
      level: "servicio",
      family: "medica",
      parentName: null,
      head: null,
      text,
      staffLinks: [],
    });
  }
  return pages;
}

function summaryOf(page: PageSeed): string {
  if (page.level === "direccion") {
    return `${page.title} del Hospital Infantil de México Federico Gómez: quiénes somos, áreas que la integran y su titular.`;
  }
  const text = `${page.title}: ${page.text.focus}`;
  return text.length <= 300 ? text : `${text.slice(0, 297)}…`;
}

export async function seedDepartmentPages(trx: Kysely<DB>) {
  const nodes = await trx.selectFrom("direction_nodes").select(["id", "slug"]).where("slug", "is not", null).execute();
  const nodeIdBySlug = new Map(nodes.map((node) => [node.slug!, node.id]));

  for (const page of collectPages()) {
    const exists = await trx.selectFrom("department_pages").select("id").where("slug", "=", page.slug).executeTakeFirst();
    if (exists) continue;
    const style = art[page.family];
    const isDirection = page.level === "direccion";
    const texts = isDirection ? directionTexts(page.slug) : { first: firstText(page), second: secondText(page) };
    const firstService = page.text.services[0] ?? "Atención, enseñanza e investigación";

    const firstImage = await storeFile(
      trx,
      {
        fileName: `${page.slug}-1.svg`,
        contentType: "image/svg+xml",
        data: Buffer.from(drawContentImage({ eyebrow: style.eyebrow, title: page.title, palette: style.palette, motif: style.motif }), "utf8"),
      },
      "public",
    );
    const secondImage = await storeFile(
      trx,
      {
        fileName: `${page.slug}-2.svg`,
        contentType: "image/svg+xml",
        data: Buffer.from(
          drawContentImage({
            eyebrow: isDirection ? "Hospital Infantil de México" : "Lo que hacemos",
            title: isDirection ? "Atención, enseñanza e investigación" : firstService,
            palette: style.palette === "guinda" ? "dorado" : "guinda",
            motif: style.motif,
          }),
          "utf8",
        ),
      },
      "public",
    );
    const photo = page.head
      ? await storeFile(
          trx,
          {
            fileName: `${page.slug}-titular.svg`,
            contentType: "image/svg+xml",
            data: Buffer.from(drawPortrait(page.head.name, style.palette), "utf8"),
          },
          "public",
        )
      : null;

    await trx
      .insertInto("department_pages")
      .values({
        slug: page.slug,
        direction_node_id: nodeIdBySlug.get(page.slug) ?? null,
        tipo_departamento: isDirection ? 2 : 1,
        title: page.title,
        summary: summaryOf(page),
        head_photo_file_id: photo,
        head_name: page.head?.name ?? null,
        head_grade: page.head?.grade ?? null,
        first_content: texts.first,
        second_content: texts.second,
        first_image_file_id: firstImage,
        first_image_alt: `Ilustración institucional con el nombre de ${page.title}.`,
        second_image_file_id: secondImage,
        second_image_alt: isDirection
          ? "Ilustración con el lema «Atención, enseñanza e investigación»."
          : `Ilustración con el texto «${firstService}», uno de los servicios de ${page.title}.`,
        staff_links: JSON.stringify(page.staffLinks),
      })
      .execute();
  }
}

/** Units 1 to 15. Only 3, 7, 9 and 10 have a published name; the others get real unit names of the institute, marked illustrative. */
const unitContent: Record<number, { name?: string; lines: string[]; summary: string }> = {
  1: {
    name: "Unidad de Investigación en Enfermedades Infecciosas",
    summary: "Estudia los agentes que causan infecciones graves en la infancia y su resistencia a los antimicrobianos.",
    lines: ["Resistencia bacteriana a antimicrobianos", "Infecciones asociadas a la atención de la salud", "Diagnóstico molecular de infecciones"],
  },
  2: {
    name: "Unidad de Investigación en Epidemiología Clínica",
    summary: "Diseña y analiza estudios clínicos que responden preguntas sobre el diagnóstico, el pronóstico y el tratamiento de los pacientes.",
    lines: ["Cohortes de pacientes pediátricos", "Factores pronósticos", "Metodología de la investigación clínica"],
  },
  3: {
    summary: "Investiga las bases biológicas del cáncer infantil para mejorar el diagnóstico y el tratamiento de leucemias y tumores sólidos.",
    lines: ["Biología molecular de la leucemia linfoblástica aguda", "Marcadores de respuesta al tratamiento", "Tumores sólidos de la infancia"],
  },
  4: {
    name: "Unidad de Investigación en Inmunología y Proteómica",
    summary: "Estudia la respuesta inmune en enfermedades infecciosas, autoinmunes y oncológicas con herramientas de proteómica.",
    lines: ["Respuesta inmune en la infancia", "Proteómica clínica", "Biomarcadores de inflamación"],
  },
  5: {
    name: "Unidad de Investigación en Medicina Basada en Evidencias",
    summary: "Sintetiza la mejor evidencia disponible para apoyar decisiones clínicas y guías de práctica en pediatría.",
    lines: ["Revisiones sistemáticas y metaanálisis", "Guías de práctica clínica", "Enseñanza de la medicina basada en evidencias"],
  },
  6: {
    name: "Laboratorio de Investigación en Genómica, Genética y Bioinformática",
    summary: "Aplica la secuenciación y el análisis bioinformático al diagnóstico de enfermedades genéticas y al estudio del cáncer infantil.",
    lines: ["Secuenciación de exoma y genoma", "Bioinformática clínica", "Variantes genéticas en población mexicana"],
  },
  7: {
    summary: "Estudia la relación entre obesidad, inflamación y asma en niñas, niños y adolescentes.",
    lines: ["Obesidad infantil y función pulmonar", "Inflamación de la vía aérea", "Intervenciones de estilo de vida"],
  },
  8: {
    name: "Laboratorio de Investigación en Farmacología",
    summary: "Estudia cómo se comportan los medicamentos en el organismo de niñas y niños para ajustar dosis seguras y eficaces.",
    lines: ["Farmacocinética pediátrica", "Monitoreo de fármacos", "Farmacovigilancia"],
  },
  9: {
    summary: "Reproduce en modelos experimentales los mecanismos de enfermedades pediátricas para probar nuevas estrategias de tratamiento.",
    lines: ["Modelos experimentales de enfermedad", "Histopatología", "Lesión y reparación de tejidos"],
  },
  10: {
    summary: "Investiga el desarrollo del sistema nervioso y las enfermedades neurológicas de la infancia.",
    lines: ["Neurodesarrollo", "Epilepsia en la infancia", "Neuroinflamación"],
  },
  11: {
    name: "Unidad de Investigación en Virología y Cáncer",
    summary: "Estudia los virus asociados al cáncer y a infecciones graves en pacientes pediátricos.",
    lines: ["Virus y cáncer infantil", "Infecciones virales en pacientes inmunocomprometidos", "Vigilancia de virus respiratorios"],
  },
  12: {
    name: "Laboratorio de Investigación en Bacteriología Intestinal",
    summary:
      "Estudia las bacterias que causan diarrea en la infancia, línea de trabajo que el hospital cultiva desde la identificación de Escherichia coli como patógeno.",
    lines: ["Escherichia coli diarrogénica", "Microbiota intestinal", "Resistencia a antibióticos"],
  },
  13: {
    name: "Laboratorio de Investigación en Cardiopatías Congénitas",
    summary: "Busca las causas genéticas y ambientales de las cardiopatías congénitas y mejores formas de detectarlas temprano.",
    lines: ["Genética de las cardiopatías congénitas", "Detección temprana", "Resultados a largo plazo de la cirugía cardiaca"],
  },
  14: {
    name: "Unidad de Investigación en Enfermedades Neurológicas",
    summary: "Estudia enfermedades neurológicas y neuromusculares de la infancia junto con los servicios de neurología y neurocirugía.",
    lines: ["Enfermedades neuromusculares", "Tumores del sistema nervioso central", "Biomarcadores neurológicos"],
  },
  15: {
    name: "Laboratorio de Investigación en Ingeniería de Tejidos",
    summary: "Desarrolla tejidos y biomateriales para la reconstrucción de malformaciones y lesiones en pacientes pediátricos.",
    lines: ["Cultivo de células troncales", "Biomateriales", "Reconstrucción de tejidos"],
  },
};

export async function seedResearchUnits(trx: Kysely<DB>) {
  const knownNames = new Map(facts.researchUnits.units.map((unit) => [unit.id, unit.name]));
  const department = await trx.selectFrom("department_pages").select("id").where("slug", "=", "investigacion-biomedica").executeTakeFirst();
  for (let id = 1; id <= 15; id++) {
    const exists = await trx.selectFrom("research_units").select("id").where("id", "=", id).executeTakeFirst();
    if (exists) continue;
    const content = unitContent[id]!;
    const known = knownNames.get(id);
    const name = known ?? content.name!;
    const kind = name.startsWith("Laboratorio") ? "laboratorio" : "unidad";
    const image = await storeFile(
      trx,
      {
        fileName: `investigadores-${id}.svg`,
        contentType: "image/svg+xml",
        data: Buffer.from(drawContentImage({ eyebrow: "Investigación", title: name, palette: "azul", motif: "molecula" }), "utf8"),
      },
      "public",
    );
    await trx
      .insertInto("research_units")
      .values({
        id,
        name,
        kind,
        name_is_illustrative: known ? 0 : 1,
        summary: content.summary,
        content: `## Nuestro trabajo

${content.summary} ${kind === "laboratorio" ? "El laboratorio" : "La unidad"} forma parte de la Dirección de Investigación y colabora con los servicios clínicos del hospital, de modo que las preguntas de investigación nacen de los problemas que vemos en nuestros pacientes.

## Formación

Recibimos a estudiantes de licenciatura, maestría y doctorado, así como a médicos residentes que desarrollan su tesis. Si le interesa una estancia, consulte los requisitos de [servicio social, prácticas, estancias y tesis](/inscripcion-pre-y-posgrado/pregrado).`,
        lines_of_work: JSON.stringify(content.lines),
        image_file_id: image,
        image_alt: `Ilustración con el nombre de ${name}.`,
        department_page_id: department?.id ?? null,
      })
      .execute();
  }
}
