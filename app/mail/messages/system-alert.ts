import { defineMessage } from "../message";

/** The «avisos» job: new problems of the site, mailed once to the active administrators. */
export const systemAlert = defineMessage<{ problems: string[]; systemUrl: string }>({
  kind: "aviso-del-sistema",
  description: "Problemas nuevos del sitio, enviados una sola vez a los administradores.",
  subject: ({ problems }) =>
    problems.length === 1 ? "Aviso del sitio: un problema necesita atención" : `Aviso del sitio: ${problems.length} problemas necesitan atención`,
  lines: ({ problems, systemUrl }) => [
    "El sitio del HIMFG encontró:",
    "",
    ...problems.map((problem) => `- ${problem}`),
    "",
    `Los detalles están en la página Sistema del área del personal: ${systemUrl} Este aviso se envía una sola vez por problema.`,
    "",
  ],
  sample: {
    problems: [
      "Hay 2 correo(s) que no se pudieron enviar. Revise el error y use «Reintentar».",
      "El certificado de Banorte vence el 1 abr 2026 (en 12 días).",
    ],
    systemUrl: "http://localhost:3000/admin/sistema",
  },
});
