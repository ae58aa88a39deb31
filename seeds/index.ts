import type { Kysely } from "kysely";
import type { DB, DirectionLevel } from "../app/db.server";
import { storeFile } from "../app/files/files.server";
import { insertMissingSettings } from "../app/settings/settings.server";
import { drawBanner, type BannerArt } from "./banner-art";
import directionsTree from "./data/directions.json";
import { seedDocuments, seedTransparencyPortal } from "./documents";
import { seedGallery } from "./gallery";
import { seedDepartmentPages, seedResearchUnits } from "./department-pages";
import { seedInformationPages, seedProfilePages } from "./information-pages";
import { seedCourses } from "./courses";
import { seedStaleContentFixes } from "./stale-content";
import { seedPaymentDetailExamples } from "./payment-details";
import { seedLegacyFileAddresses, seedLegacyPageAddresses } from "./legacy-addresses";

/**
 * Seeds fill a fresh database. Each named step runs once per database (recorded in seed_log),
 * inside a transaction, and only inserts what is missing: content that staff edited or deleted
 * is never overwritten or brought back.
 */
interface SeedStep {
  name: string;
  demo: boolean;
  run: (trx: Kysely<DB>) => Promise<void>;
}

interface DirectionSeedNode {
  name: string;
  href: string;
  level: string;
  slug?: string;
  head?: string;
  children?: DirectionSeedNode[];
}

function toLevel(level: string): DirectionLevel {
  if (level === "unidad de investigación") return "unidad";
  if (["direccion", "subdireccion", "departamento", "servicio"].includes(level)) return level as DirectionLevel;
  throw new Error(`Unknown direction level in seed data: ${level}`);
}

async function seedDirections(trx: Kysely<DB>) {
  async function insertNode(node: DirectionSeedNode, parentId: number | null, position: number) {
    await trx
      .insertInto("direction_nodes")
      .values({
        parent_id: parentId,
        name: node.name,
        href: node.href,
        slug: node.slug ?? null,
        level: toLevel(node.level),
        head_name: node.head ?? null,
        position,
      })
      .onConflict((oc) => oc.column("href").doNothing())
      .execute();
    const row = await trx.selectFrom("direction_nodes").select("id").where("href", "=", node.href).executeTakeFirstOrThrow();
    for (const [index, child] of (node.children ?? []).entries()) await insertNode(child, row.id, index);
  }
  for (const [index, node] of (directionsTree as DirectionSeedNode[]).entries()) await insertNode(node, null, index);
}

const demoBanners: (BannerArt & { title: string; alt: string; link: string; file: string })[] = [
  {
    file: "banner-residencias-medicas.svg",
    title: "Convocatoria a residencias médicas",
    alt: "Convocatoria a residencias médicas: especialidades y subespecialidades pediátricas del ciclo académico 2027-2028.",
    link: "/convocatoria",
    eyebrow: "Dirección de Enseñanza",
    headline: "Convocatoria a residencias médicas",
    subline: "Especialidades y subespecialidades pediátricas, ciclo 2027-2028",
    palette: "guinda",
  },
  {
    file: "banner-educacion-continua.svg",
    title: "Oferta académica de educación médica continua",
    alt: "Oferta académica: cursos de educación médica continua presenciales y en línea para profesionales de la salud.",
    link: "/ensenanza/offer",
    eyebrow: "Educación Médica Continua",
    headline: "Cursos presenciales y en línea",
    subline: "Inscríbase a la oferta académica para profesionales de la salud",
    palette: "verde",
  },
  {
    file: "banner-consulta-primera-vez.svg",
    title: "Consulta de primera vez",
    alt: "Consulta de primera vez: conozca los requisitos para que su hija o hijo sea valorado en el hospital.",
    link: "/requisitos",
    eyebrow: "Atención a pacientes",
    headline: "Consulta de primera vez",
    subline: "Requisitos para la valoración de niñas, niños y adolescentes",
    palette: "azul",
  },
  {
    file: "banner-legado-artistico.svg",
    title: "Legado artístico del hospital",
    alt: "Legado artístico: murales y obras que acompañan la historia del hospital desde 1943.",
    link: "/legado-artistico",
    eyebrow: "Nuestro patrimonio",
    headline: "Legado artístico",
    subline: "Murales y obras que acompañan nuestra historia desde 1943",
    palette: "dorado",
  },
];

async function seedBanners(trx: Kysely<DB>) {
  for (const [index, banner] of demoBanners.entries()) {
    const exists = await trx.selectFrom("banners").select("id").where("title", "=", banner.title).executeTakeFirst();
    if (exists) continue;
    const fileId = await storeFile(
      trx,
      {
        fileName: banner.file,
        contentType: "image/svg+xml",
        data: Buffer.from(drawBanner(banner), "utf8"),
      },
      "public",
    );
    await trx
      .insertInto("banners")
      .values({ title: banner.title, alt_text: banner.alt, link_url: banner.link, image_file_id: fileId, position: index })
      .execute();
  }
}

export const seedSteps: SeedStep[] = [
  { name: "0001-directions-tree", demo: false, run: seedDirections },
  { name: "0002-home-banners", demo: true, run: seedBanners },
  { name: "0003-documents-files", demo: true, run: seedDocuments },
  { name: "0003-transparency-portal", demo: true, run: seedTransparencyPortal },
  { name: "0003-gallery", demo: true, run: seedGallery },
  { name: "0002-department-pages", demo: true, run: seedDepartmentPages },
  { name: "0002-research-units", demo: true, run: seedResearchUnits },
  { name: "0002-profile-pages", demo: true, run: seedProfilePages },
  { name: "0002-information-pages", demo: true, run: seedInformationPages },
  { name: "0004-courses", demo: true, run: (trx) => seedCourses(trx) },
  { name: "0005-stale-content-fixes", demo: true, run: seedStaleContentFixes },
  { name: "0006-payment-detail-examples", demo: true, run: seedPaymentDetailExamples },
  // After the documents, galleries and pages they point at and link from (issue 20).
  { name: "0007-legacy-file-addresses", demo: true, run: seedLegacyFileAddresses },
  { name: "0007-legacy-page-addresses", demo: false, run: seedLegacyPageAddresses },
];

export interface SeedOptions {
  includeDemoContent: boolean;
}

/** Runs the steps not yet recorded. Returns the names of the steps run now. */
export async function seedDatabase(db: Kysely<DB>, options: SeedOptions = { includeDemoContent: true }): Promise<string[]> {
  const applied: string[] = [];
  await insertMissingSettings(db);
  for (const step of seedSteps) {
    if (step.demo && !options.includeDemoContent) continue;
    const done = await db.selectFrom("seed_log").select("name").where("name", "=", step.name).executeTakeFirst();
    if (done) continue;
    await db.transaction().execute(async (trx) => {
      await step.run(trx);
      await trx.insertInto("seed_log").values({ name: step.name }).execute();
    });
    applied.push(step.name);
  }
  return applied;
}
