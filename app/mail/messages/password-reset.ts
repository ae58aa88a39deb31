import { defineMessage } from "../message";

/** «¿Olvidó su contraseña?»: the one-hour link to choose a new one. */
export const passwordReset = defineMessage<{ link: string }>({
  kind: "restablecer-contrasena",
  description: "Un participante pidió restablecer su contraseña: el enlace de una hora.",
  subject: () => "Restablecer su contraseña",
  lines: ({ link }) => [
    "Recibimos una solicitud para restablecer la contraseña de su cuenta de cursos del Hospital Infantil de México Federico Gómez.",
    "",
    `Para elegir una nueva contraseña, abra este enlace (vence en 1 hora y solo se puede usar una vez):`,
    link,
    "",
    "Si usted no lo solicitó, ignore este mensaje: su contraseña no cambiará.",
  ],
  sample: { link: "http://localhost:3000/restablecer-contrasena?token=ejemplo" },
});
