import type { Crumb } from "~/components/breadcrumbs";
import type { GalleryName } from "~/db.server";

/** The site's galleries: the art legacy and two event galleries, each at its own path. */
export const GALLERIES: Record<GalleryName, { path: string; title: string; description: string; intro: string }> = {
  "legado-artistico": {
    path: "/legado-artistico",
    title: "Legado artístico",
    description:
      "Murales, esculturas, pinturas y obras musicales que artistas como Diego Rivera, Francisco Eppens, Fanny Rabel y Juan O'Gorman dejaron al Hospital Infantil de México Federico Gómez.",
    intro:
      "Desde su fundación en 1943, el hospital ha reunido obras que artistas mexicanos dedicaron a la infancia y a quienes la cuidan: murales, esculturas, pinturas, bocetos y hasta un himno y una suite sinfónica. Seleccione una imagen para verla en grande con su descripción.",
  },
  galeria: {
    path: "/galeria",
    title: "Galería: Open house de la Dirección de Enseñanza",
    description: "Imágenes del Open house de la Dirección de Enseñanza del Hospital Infantil de México Federico Gómez.",
    intro:
      "Imágenes del Open house de la Dirección de Enseñanza, en el que estudiantes y aspirantes conocieron las sedes y los programas académicos del hospital.",
  },
  "dia-del-nino": {
    path: "/dia-del-nino",
    title: "Día del niño: Chiquitúnel de la CIENCIA",
    description: "Imágenes del Chiquitúnel de la CIENCIA con que el hospital celebró el Día del Niño.",
    intro: "Imágenes del Chiquitúnel de la CIENCIA, el recorrido con que niñas y niños celebraron su día en el hospital.",
  },
};

export function galleryCrumbs(gallery: GalleryName, item?: { id: number; title: string }): Crumb[] {
  const info = GALLERIES[gallery];
  const crumbs: Crumb[] = [{ label: info.title, href: info.path }];
  if (item) crumbs.push({ label: item.title, href: `${info.path}/${item.id}` });
  return crumbs;
}
