import { STAFF_ROLE_LABELS, type StaffRole } from "~/staff/staff";
import { defineMessage } from "../message";

/** A new staff member's invitation, with the set-up link. */
export const staffInvitation = defineMessage<{ name: string; role: StaffRole; link: string }>({
  kind: "personal-invitacion",
  description: "Invitación al área del personal, con el enlace para elegir contraseña y verificación en dos pasos.",
  subject: () => "Su acceso al área del personal del HIMFG",
  lines: ({ name, role, link }) => [
    `Hola, ${name}:`,
    "",
    `Se le dio acceso al área del personal del sitio del Hospital Infantil de México Federico Gómez, con la función «${STAFF_ROLE_LABELS[role]}».`,
    "",
    "Para elegir su contraseña y configurar la verificación en dos pasos, abra este enlace (vence en 24 horas y solo se puede usar una vez):",
    link,
    "",
    "Necesitará una aplicación de autenticación en su teléfono (por ejemplo, Google Authenticator, Microsoft Authenticator o FreeOTP).",
    "Si usted no esperaba este mensaje, ignórelo.",
  ],
  sample: { name: "Luis Ramírez", role: "ensenanza", link: "http://localhost:3000/admin/configurar?token=ejemplo" },
});
