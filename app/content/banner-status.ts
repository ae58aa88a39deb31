/** What a visitor sees of a banner now (client-safe: the editor's list and form show it). */
export type BannerStatus = "visible" | "oculto" | "programado" | "vencido";

export const BANNER_STATUS_LABELS: Record<BannerStatus, string> = {
  visible: "Visible",
  oculto: "Oculto",
  programado: "Programado",
  vencido: "Vencido",
};
