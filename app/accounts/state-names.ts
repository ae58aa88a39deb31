/**
 * The state of residence written freely (the old site's client has a free-text "Lugar de
 * residencia"): the usual ways of writing a Mexican state — CDMX, Ciudad de México, D.F.,
 * Edo. Méx., Estado de México, the postal abbreviations, the official long names — read as one of
 * the 32 canonical names the forms use. Case, accents, dots, commas, hyphens and spaces are
 * ignored. Pure: the API applies it; the web forms offer a list instead.
 */
import mexicanStates from "./data/mexican-states";

/** Lower case, no accents, letters and digits only: "Edo. Méx." → "edomex". */
function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

// Folded spellings besides each canonical name itself.
const ALIASES: Record<string, string[]> = {
  Aguascalientes: ["ags"],
  "Baja California": ["bc"],
  "Baja California Sur": ["bcs"],
  Campeche: ["camp"],
  Chiapas: ["chis"],
  Chihuahua: ["chih"],
  Coahuila: ["coah", "coahuiladezaragoza"],
  Colima: ["col"],
  "Ciudad de México": ["cdmx", "df", "distritofederal", "mexicodf", "cddemexico", "cdmexico", "ciudaddemexicocdmx"],
  Durango: ["dgo"],
  Guanajuato: ["gto"],
  Guerrero: ["gro"],
  Hidalgo: ["hgo"],
  Jalisco: ["jal"],
  "Estado de México": ["edomex", "edomexico", "edodemex", "edodemexico", "estadodemex", "estadomexico"],
  Michoacán: ["mich", "michoacandeocampo"],
  Morelos: ["mor"],
  Nayarit: ["nay"],
  "Nuevo León": ["nl"],
  Oaxaca: ["oax"],
  Puebla: ["pue"],
  Querétaro: ["qro", "queretarodearteaga"],
  "Quintana Roo": ["qroo"],
  "San Luis Potosí": ["slp"],
  Sinaloa: ["sin"],
  Sonora: ["son"],
  Tabasco: ["tab"],
  Tamaulipas: ["tamps"],
  Tlaxcala: ["tlax"],
  Veracruz: ["ver", "veracruzdeignaciodelallave"],
  Yucatán: ["yuc"],
  Zacatecas: ["zac"],
};

const BY_SPELLING = new Map<string, string>();
for (const name of mexicanStates) {
  BY_SPELLING.set(fold(name), name);
  for (const alias of ALIASES[name] ?? []) BY_SPELLING.set(fold(alias), name);
}

/** The canonical name of the state written in `value`, or null when it is not one we recognise. */
export function canonicalStateName(value: string): string | null {
  const folded = fold(value);
  if (!folded) return null;
  const direct = BY_SPELLING.get(folded);
  if (direct) return direct;
  // "Estado de Jalisco", "Edo. de Puebla": the state's name with a prefix.
  const prefix = /^(estadode|edode|estado|edo)/.exec(folded);
  return prefix ? (BY_SPELLING.get(folded.slice(prefix[0].length)) ?? null) : null;
}

/** The API's answer to a state it does not recognise: every accepted name. */
export const STATE_NAMES_MESSAGE = `Escriba su estado de residencia con uno de estos nombres: ${mexicanStates.join(", ")}. También se aceptan abreviaturas usuales como CDMX o Edo. Méx.`;
