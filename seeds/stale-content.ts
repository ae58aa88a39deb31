import { sql, type Kysely } from "kysely";
import type { DB } from "../app/db.server";
import facts from "./data/institutional-facts.json";

const longDate = (iso: string) => new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${iso}T12:00:00Z`));

/**
 * Databases seeded before issue 11 hold text that went stale or promised what the page may not
 * have: a registration deadline in the past (19 March 2025) and "Vea la grabación completa" on a
 * video page whose video is a site setting that may be empty. New databases get the corrected
 * text from seedInformationPages; this step corrects the old text where it is still word for
 * word what the seed wrote, sentence by sentence, so any edit staff made is left alone.
 */
export async function seedStaleContentFixes(trx: Kysely<DB>) {
  const scp = facts.sesionClinicoPatologica;
  const [deadlineDay, deadlineTime] = scp.registrationForm.deadline.split(" ");
  const fixes: { path: string; column: "body" | "summary"; from: string; to: string }[] = [
    {
      path: "/sesion-clinico-patologica",
      column: "body",
      from: `) antes del ${longDate(deadlineDay!)} a las ${deadlineTime} horas.`,
      to: "). La fecha límite de cada sesión aparece en el formulario.",
    },
    {
      path: "/sesion-clinico-patologica",
      column: "body",
      from: "La grabación se publica en esta página y en [el video de la sesión 2024](/video/scp-2024).",
      to: "Cuando hay grabación, se publica en [la página del video de la sesión 2024](/video/scp-2024).",
    },
    {
      path: "/sesion-clinico-patologica",
      column: "summary",
      from: "Registro, resumen del caso y video.",
      to: "Registro, resumen del caso y, cuando se publica, su video.",
    },
    {
      path: "/video/scp-2024",
      column: "body",
      from: "Vea la grabación completa de la sesión clínico patológica 2024: la presentación del caso, la discusión clínica y los hallazgos de patología. El video se carga sólo cuando usted lo pide.",
      to: "La sesión clínico patológica 2024 presentó un caso real, su discusión clínica y los hallazgos de patología que lo confirmaron o lo corrigieron.",
    },
    {
      path: "/video/scp-2024",
      column: "summary",
      from: "Grabación de la sesión clínico patológica 2024 del Hospital Infantil de México Federico Gómez.",
      to: "La sesión clínico patológica 2024 del Hospital Infantil de México Federico Gómez: el caso, la discusión clínica y los hallazgos de patología.",
    },
  ];
  for (const fix of fixes) {
    const column = sql.ref(fix.column);
    await sql`
      UPDATE content_pages SET ${column} = replace(${column}, ${fix.from}, ${fix.to}),
        updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
      WHERE path = ${fix.path} AND instr(${column}, ${fix.from}) > 0`.execute(trx);
  }
}
