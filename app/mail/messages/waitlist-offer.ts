import { defineMessage } from "../message";

/** The first in a course's waitlist: a seat is held for them until a time; the link claims it. */
export const waitlistOffer = defineMessage<{ name: string; courseName: string; until: string; claimUrl: string }>({
  kind: "lista-de-espera-oferta",
  description: "Se liberó un lugar presencial y se aparta para la primera persona de la lista de espera.",
  subject: ({ courseName }) => `Se liberó un lugar: ${courseName}`,
  lines: ({ name, courseName, until, claimUrl }) => [
    `Hola, ${name}:`,
    "",
    `Se liberó un lugar presencial en el curso «${courseName}» y lo apartamos para usted hasta el ${until}.`,
    "Para tomarlo, abra este enlace e inicie sesión con su cuenta:",
    claimUrl,
    "",
    "Si no lo toma antes de esa hora, el lugar pasará a la siguiente persona de la lista.",
  ],
  sample: {
    name: "Ana Peña López",
    courseName: "Urgencias pediátricas",
    until: "27 de noviembre de 2026, 10:30",
    claimUrl: "http://localhost:3000/lista-de-espera/oferta/Q2xhaW1Ub2tlbkVqZW1wbG8",
  },
});
