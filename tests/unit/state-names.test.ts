import { describe, expect, test } from "vitest";
import MEXICAN_STATES from "~/accounts/data/mexican-states";
import { canonicalStateName, STATE_NAMES_MESSAGE } from "~/accounts/state-names";

// The old client's "Lugar de residencia" is free text: the usual spellings become the canonical name.
describe("canonicalStateName", () => {
  test("every canonical name reads as itself, whatever the case and accents", () => {
    for (const name of MEXICAN_STATES) {
      expect(canonicalStateName(name)).toBe(name);
      expect(canonicalStateName(name.toUpperCase())).toBe(name);
      expect(
        canonicalStateName(
          name
            .normalize("NFD")
            .replace(/[\u0300-\u036f]/g, "")
            .toLowerCase(),
        ),
      ).toBe(name);
    }
  });

  test.each([
    ["CDMX", "Ciudad de México"],
    ["cdmx", "Ciudad de México"],
    ["C.D.M.X.", "Ciudad de México"],
    ["D.F.", "Ciudad de México"],
    ["Distrito Federal", "Ciudad de México"],
    ["  ciudad de   mexico ", "Ciudad de México"],
    ["Edo. Méx.", "Estado de México"],
    ["Edomex", "Estado de México"],
    ["EDO MEX", "Estado de México"],
    ["Estado de Mexico", "Estado de México"],
    ["estado de méxico.", "Estado de México"],
    ["N.L.", "Nuevo León"],
    ["Q. Roo", "Quintana Roo"],
    ["S.L.P.", "San Luis Potosí"],
    ["Veracruz de Ignacio de la Llave", "Veracruz"],
    ["Estado de Jalisco", "Jalisco"],
    ["Edo. de Puebla", "Puebla"],
  ])("%s → %s", (written, canonical) => {
    expect(canonicalStateName(written)).toBe(canonical);
  });

  test.each(["", "   ", "Atlantis", "México", "Texas", "Ciudad", "..."])("«%s» is not a state", (written) => {
    expect(canonicalStateName(written)).toBeNull();
  });

  test("the refusal names every accepted state", () => {
    for (const name of MEXICAN_STATES) expect(STATE_NAMES_MESSAGE).toContain(name);
  });
});
