import { defineMessage } from "../message";

/** An account created through the API without a password: the link to choose one. */
export const accountPasswordChoice = defineMessage<{ name: string; participantId: number; link: string; resetRequestUrl: string }>({
  kind: "cuenta-elegir-contrasena",
  description: "Cuenta creada por la API sin contraseña: el enlace para elegirla.",
  subject: () => "Elija la contraseña de su cuenta",
  lines: ({ name, participantId, link, resetRequestUrl }) => [
    `Hola, ${name}:`,
    "",
    `Se creó su cuenta de cursos del Hospital Infantil de México Federico Gómez. Su número de participante es ${participantId}.`,
    "",
    "Para entrar necesita elegir una contraseña. Abra este enlace (vence en 1 hora y solo se puede usar una vez):",
    link,
    "",
    `Si el enlace venció, pida otro con este mismo correo en ${resetRequestUrl}`,
    "Si usted no solicitó esta cuenta, ignore este mensaje.",
  ],
  sample: {
    name: "Ana Peña López",
    participantId: 1042,
    link: "http://localhost:3000/restablecer-contrasena?token=ejemplo",
    resetRequestUrl: "http://localhost:3000/recuperar-contrasena",
  },
});
