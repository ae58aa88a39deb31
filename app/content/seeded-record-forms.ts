/**
 * The research unit and profile record editors' field names and labels (client-safe: no zod, no
 * server code). Profile records use the seed's field names (seed-specification "Page profile
 * record"); research units have none in the seed, so theirs follow the public page. The revisions
 * keep the same names, and the publication state as the information pages name it (status,
 * publishAt; decision 0026).
 */
import { SNAPSHOT_FIELD_LABELS, type PageStatus } from "./page-forms";

export const RESEARCH_UNIT_KINDS = {
  unidad: "Unidad de investigación",
  laboratorio: "Laboratorio de investigación",
  servicio: "Servicio de apoyo a la investigación",
} as const;
export type ResearchUnitKindValue = keyof typeof RESEARCH_UNIT_KINDS;

/** The editable state of a research unit (/investigadores/{id}), as a revision keeps it. */
export interface ResearchUnitSnapshot {
  unit_name: string;
  unit_kind: ResearchUnitKindValue;
  name_is_illustrative: boolean;
  summary: string;
  content: string;
  lines_of_work: string[];
  head_name: string | null;
  head_grade: string | null;
  image: string | null;
  image_alt: string;
  status: PageStatus;
  publishAt: string | null;
}

export const RESEARCH_UNIT_FIELD_LABELS: Record<keyof ResearchUnitSnapshot, string> = {
  unit_name: "Nombre",
  unit_kind: "Tipo",
  name_is_illustrative: "Nombre ilustrativo",
  summary: "Resumen",
  content: "Texto",
  lines_of_work: "Líneas de investigación",
  head_name: "Responsable",
  head_grade: "Cargo o grado del responsable",
  image: "Imagen",
  image_alt: "Texto alternativo de la imagen",
  status: SNAPSHOT_FIELD_LABELS.status,
  publishAt: SNAPSHOT_FIELD_LABELS.publishAt,
};

export const RESEARCH_UNIT_IMAGE_FIELDS = ["image"] as const;
export type ResearchUnitImageField = (typeof RESEARCH_UNIT_IMAGE_FIELDS)[number];

/** Lines of work a unit lists at most (one per line in the form). */
export const MAX_LINES_OF_WORK = 30;

/** The editable state of a profile record (shown on information pages such as /medica), as a revision keeps it. */
export interface ProfileSnapshot {
  page_title: string;
  page_banner_image: string | null;
  banner_image_responsive: string | null;
  page_banner_image_alt: string;
  page_banner_content: string;
  page_first_content: string;
  page_first_image: string | null;
  page_first_image_alt: string;
  page_second_content: string;
  page_second_image: string | null;
  page_second_image_alt: string;
  status: PageStatus;
  publishAt: string | null;
}

export const PROFILE_FIELD_LABELS: Record<keyof ProfileSnapshot, string> = {
  page_title: "Título",
  page_banner_image: "Imagen del encabezado",
  banner_image_responsive: "Imagen del encabezado para pantallas angostas",
  page_banner_image_alt: "Texto alternativo del encabezado",
  page_banner_content: "Texto del encabezado",
  page_first_content: "Primer texto",
  page_first_image: "Primera imagen",
  page_first_image_alt: "Texto alternativo de la primera imagen",
  page_second_content: "Segundo texto",
  page_second_image: "Segunda imagen",
  page_second_image_alt: "Texto alternativo de la segunda imagen",
  status: SNAPSHOT_FIELD_LABELS.status,
  publishAt: SNAPSHOT_FIELD_LABELS.publishAt,
};

export const PROFILE_IMAGE_FIELDS = ["page_banner_image", "banner_image_responsive", "page_first_image", "page_second_image"] as const;
export type ProfileImageField = (typeof PROFILE_IMAGE_FIELDS)[number];
