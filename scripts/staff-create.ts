// Creates a staff member and prints their one-time set-up link (24 h):
//   npm run staff:create -- --email ana@himfg.edu.mx --name "Ana Pérez" --role admin
// There are no default staff accounts; this is how the first admin is made (docs/decisions/0015).
import { parseArgs } from "node:util";
import { z } from "zod";
import { readConfig, siteOrigin } from "../app/config.server";
import { db, migrateToLatest } from "../app/db.server";
import { STAFF_ROLE_LABELS, STAFF_ROLES } from "../app/staff/staff";
import { newStaffSchema } from "../app/staff/staff-forms";
import { inviteStaff, reissueSetupLink, setupLink } from "../app/staff/staff-members.server";

const USAGE = `Uso: npm run staff:create -- --email <correo> --name "<nombre>" --role <${STAFF_ROLES.join("|")}>`;

async function main(): Promise<number> {
  let values: { email?: string; name?: string; role?: string };
  try {
    ({ values } = parseArgs({ options: { email: { type: "string" }, name: { type: "string" }, role: { type: "string" } }, strict: true }));
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  const parsed = newStaffSchema.safeParse(values);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) console.error(`--${issue.path.join(".")}: ${issue.message}`);
    console.error(USAGE);
    return 2;
  }
  await migrateToLatest(db);
  let token: string;
  const outcome = await inviteStaff(db, parsed.data, null);
  if (outcome.ok) {
    token = outcome.token;
  } else {
    // Someone invited who never finished set-up (the link expired): a fresh link, same account.
    const existing = await db.selectFrom("staff_members").select(["id", "status"]).where("email", "=", parsed.data.email).executeTakeFirstOrThrow();
    const reissued = existing.status === "invitada" ? await reissueSetupLink(db, { staffId: existing.id }, null, null) : null;
    if (!reissued?.ok) {
      console.error(
        `Ya existe una cuenta del personal activa o dada de baja con el correo ${parsed.data.email}. Un administrador la gestiona en /admin/personal.`,
      );
      return 1;
    }
    console.log("La cuenta ya existía sin configurar: se generó un enlace nuevo (el anterior dejó de funcionar).");
    token = reissued.token;
  }
  // The site's address: PUBLIC_URL, or in a demo without it http://localhost:PORT (the PORT this
  // environment gives the server), the same origin every e-mailed link uses.
  const config = readConfig();
  const link = setupLink(token, siteOrigin(config));
  console.log(
    [
      `Cuenta creada: ${parsed.data.name} <${parsed.data.email}>, función ${STAFF_ROLE_LABELS[parsed.data.role]} (${parsed.data.role}).`,
      "Enlace para configurar la contraseña y la verificación en dos pasos (vence en 24 horas, sirve una sola vez):",
      link,
      ...(config.PUBLIC_URL
        ? []
        : [
            `(PUBLIC_URL no está definido: el enlace usa la dirección local del servidor, puerto ${config.PORT}. Si el sitio se abre en otra dirección, cambie el inicio del enlace.)`,
          ]),
    ].join("\n"),
  );
  return 0;
}

let code = 1;
try {
  code = await main();
} catch (error) {
  console.error(error instanceof z.ZodError ? error.message : error);
} finally {
  await db.destroy();
}
process.exit(code);
