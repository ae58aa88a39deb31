import type { ConstanciaKind } from "~/db.server";
import { CONSTANCIA_KIND_LABELS } from "~/completion/constancia-folio";
import { defineMessage } from "../message";

/**
 * An issued (or reissued) constancia (issue 25, decision 0052; the outbox sends it). It links to
 * the PDF on /profile (signed in: only the participant opens it) and to the public verification
 * page; it attaches nothing, so a bulk issue of a whole course renders no PDF.
 */
export const constanciaIssued = defineMessage<{
  participantName: string;
  courseName: string;
  kind: ConstanciaKind;
  folio: string;
  /** siteUrl("/profile"). */
  profileUrl: string;
  /** siteUrl(constanciaVerificationPath(folio)). */
  verificationUrl: string;
  /** The folio this one replaces (a reissue after a name correction). */
  replaces?: string | null;
}>({
  kind: "constancia-emitida",
  description: "Enseñanza emitió (o volvió a emitir) la constancia de asistencia o de acreditación de un curso.",
  subject: ({ kind, courseName }) => `${CONSTANCIA_KIND_LABELS[kind]}: ${courseName}`,
  lines: ({ participantName, courseName, kind, folio, profileUrl, verificationUrl, replaces }) => [
    `Estimado(a) ${participantName}:`,
    "",
    `El Hospital Infantil de México Federico Gómez emitió su ${CONSTANCIA_KIND_LABELS[kind].toLowerCase()} del curso «${courseName}».`,
    `Folio: ${folio}`,
    ...(replaces ? [`Sustituye a la constancia con folio ${replaces}, que ya no es válida.`] : []),
    "",
    `Descárguela en PDF desde su perfil: ${profileUrl}`,
    `Cualquier persona puede comprobarla en: ${verificationUrl}`,
    "",
    "Dirección de Enseñanza y Desarrollo Académico",
  ],
  sample: {
    participantName: "Ana Peña López",
    courseName: "Urgencias pediátricas",
    kind: "acreditacion",
    folio: "C-7K2QD-M4XNP-9RTVB-H3WZE",
    profileUrl: "http://localhost:3000/profile",
    verificationUrl: "http://localhost:3000/verificar/constancia/C-7K2QD-M4XNP-9RTVB-H3WZE",
    replaces: "C-A1B2C-D3E4F-G5H6J-K7M8N",
  },
});
