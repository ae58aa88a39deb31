import type { DirectionLevel } from "~/db.server";

/** The names of the directions tree's levels, for the staff screens (client-safe). */
export const DIRECTION_LEVEL_LABELS: Record<DirectionLevel, string> = {
  direccion: "Dirección",
  subdireccion: "Subdirección",
  departamento: "Departamento",
  servicio: "Servicio",
  unidad: "Unidad de investigación",
};
