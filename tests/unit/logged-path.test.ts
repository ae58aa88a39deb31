import { describe, expect, test } from "vitest";
import { loggedPath } from "../../server/logging";

// What a request line says of the path (issue 22): no credential, whatever the spelling.
describe("loggedPath", () => {
  test("keeps ordinary paths as they are", () => {
    for (const path of [
      "/",
      "/direccion/medica",
      "/cursos2025/urgencias-pediatricas-y-trauma-avanzado-2027",
      "/archivos/0b5e6a62-7c1c-4e53-9a43-9d7f0c3b1a11/reglamento-interno-2026.pdf",
      "/payment/acceso/1234.pdf",
      "/investigadores/42",
      "/build/_shared/chunk-ABCDEFGH.js",
    ]) {
      expect(loggedPath(path)).toBe(path);
    }
  });

  test("replaces the token of the verification, calendar and staged-upload addresses, however spelled", () => {
    expect(loggedPath("/verificar/0123456789abcdef0123456789abcdef")).toBe("/verificar/:token");
    expect(loggedPath("/verificar/abc")).toBe("/verificar/:token");
    expect(loggedPath("/Verificar//abc")).toBe("/Verificar//:token");
    expect(loggedPath("/calendario/pQ0w9b4c7mS2Xn_1y8Vt3kLr5Hh6Jz0aFe4Gd2Cu1Bo/mis-cursos.ics")).toBe("/calendario/:token/mis-cursos.ics");
    expect(loggedPath("/api/files/staged/secreto")).toBe("/api/files/staged/:token");
    expect(loggedPath("/API/files//STAGED/secreto")).toBe("/API/files//STAGED/:token");
  });

  test("decodes percent-encoding first, so an encoded spelling is caught too", () => {
    expect(loggedPath("/%76erificar/secreto")).toBe("/verificar/:token");
    expect(loggedPath("/api/files/staged/sec%2Freto")).toBe("/api/files/staged/:token/reto");
    expect(loggedPath("/verificar/%E0%A4%A")).toBe("/verificar/:token");
  });

  test("replaces any segment that looks like a random token, wherever it is", () => {
    expect(loggedPath("/algo/nuevo/pQ0w9b4c7mS2Xn_1y8Vt3kLr5Hh6Jz0aFe4Gd2Cu1Bo")).toBe("/algo/nuevo/:token");
    expect(loggedPath("/x/Zr8Kk2LmQ9pW3sT6vY1bN4/y")).toBe("/x/:token/y");
  });
});
