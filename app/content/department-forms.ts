/**
 * The department page editor's field names and labels (client-safe: no zod, no server code). The
 * form uses the seed's field names (page_title, page_titular…; seed-specification "Page
 * (department)"); the revisions keep the same names, and the publication state as the
 * information pages name it (status, publishAt; decision 0026).
 */
import { SNAPSHOT_FIELD_LABELS, type PageStatus } from "./page-forms";

/** The editable state of a department or direction page, as a revision keeps it. */
export interface DepartmentSnapshot {
  page_title: string;
  summary: string;
  tipo_departamento: 1 | 2;
  page_titular: string | null;
  page_titular_grade: string | null;
  page_titular_photo: string | null;
  page_first_content: string;
  page_second_content: string;
  page_first_image: string | null;
  page_first_image_alt: string;
  page_second_image: string | null;
  page_second_image_alt: string;
  page_staff: { name: string; link: string }[];
  status: PageStatus;
  publishAt: string | null;
}

export const DEPARTMENT_FIELD_LABELS: Record<keyof DepartmentSnapshot, string> = {
  page_title: "Título",
  summary: "Resumen",
  tipo_departamento: "Tipo de página",
  page_titular: "Titular",
  page_titular_grade: "Cargo o grado del titular",
  page_titular_photo: "Fotografía del titular",
  page_first_content: "Primer texto",
  page_second_content: "Segundo texto",
  page_first_image: "Primera imagen",
  page_first_image_alt: "Texto alternativo de la primera imagen",
  page_second_image: "Segunda imagen",
  page_second_image_alt: "Texto alternativo de la segunda imagen",
  page_staff: "Personal y contacto",
  status: SNAPSHOT_FIELD_LABELS.status,
  publishAt: SNAPSHOT_FIELD_LABELS.publishAt,
};

/** The three image fields of a department page. */
export const DEPARTMENT_IMAGE_FIELDS = ["page_titular_photo", "page_first_image", "page_second_image"] as const;
export type DepartmentImageField = (typeof DEPARTMENT_IMAGE_FIELDS)[number];

export const TIPO_DEPARTAMENTO_LABELS = {
  "1": "Departamento, subdirección o servicio",
  "2": "Dirección (portada con el titular junto al título)",
} as const;

/** Staff rows the form offers at most (blank rows are ignored). */
export const MAX_STAFF_ROWS = 40;
/** Blank rows shown under the stored ones, so rows can be added without JavaScript. */
export const BLANK_STAFF_ROWS = 2;

export const PAGE_IMAGE_ACCEPT = ".jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp";
