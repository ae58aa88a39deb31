import type { ConstanciaKind } from "~/db.server";
import { CONSTANCIA_KIND_LABELS } from "./constancia-folio";

/**
 * The e-mail of an issued constancia (one module per message; the outbox sends it). It links to
 * the PDF on /profile (signed in: only the participant opens it) and to the public verification
 * page; it attaches nothing, so a bulk issue of a whole course renders no PDF (decision 0052).
 * Every link is a full address the caller built with siteUrl().
 */
export interface ConstanciaMailInput {
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
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

export function constanciaMail(input: ConstanciaMailInput): { subject: string; text: string; html: string } {
  const label = CONSTANCIA_KIND_LABELS[input.kind];
  const subject = `${label}: ${input.courseName}`;
  const replaced = input.replaces ? `Sustituye a la constancia con folio ${input.replaces}, que ya no es válida.` : null;
  const text = [
    `Estimado(a) ${input.participantName}:`,
    "",
    `El Hospital Infantil de México Federico Gómez emitió su ${label.toLowerCase()} del curso «${input.courseName}».`,
    `Folio: ${input.folio}`,
    ...(replaced ? [replaced] : []),
    "",
    `Descárguela en PDF desde su perfil: ${input.profileUrl}`,
    `Cualquier persona puede comprobarla en: ${input.verificationUrl}`,
    "",
    "Dirección de Enseñanza y Desarrollo Académico",
  ].join("\n");
  const html = [
    `<p>Estimado(a) ${escapeHtml(input.participantName)}:</p>`,
    `<p>El Hospital Infantil de México Federico Gómez emitió su ${escapeHtml(label.toLowerCase())} del curso «${escapeHtml(input.courseName)}».</p>`,
    `<p>Folio: <strong>${escapeHtml(input.folio)}</strong></p>`,
    replaced ? `<p>${escapeHtml(replaced)}</p>` : "",
    `<p><a href="${escapeHtml(input.profileUrl)}">Descárguela en PDF desde su perfil</a>.</p>`,
    `<p>Cualquier persona puede comprobarla en <a href="${escapeHtml(input.verificationUrl)}">${escapeHtml(input.verificationUrl)}</a>.</p>`,
    "<p>Dirección de Enseñanza y Desarrollo Académico</p>",
  ].join("\n");
  return { subject, text, html };
}
