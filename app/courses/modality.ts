/**
 * A course's modality (`courses.modality_id`, the seed specification's numbering) and an
 * enrolment's (`enrolments.modality`, what the participant takes), with their one set of labels.
 */

/** `courses.modality_id`: 1 in person, 2 online, 3 both (the participant picks at registration). */
export const MODALITY = { PRESENCIAL: 1, EN_LINEA: 2, PRESENCIAL_Y_EN_LINEA: 3 } as const;
export type ModalityId = (typeof MODALITY)[keyof typeof MODALITY];

/** The modality id a text names ("1", "2" or "3", as forms and filters send it), or null. */
export function parseModalityId(value: string | null | undefined): ModalityId | null {
  return MODALITY_IDS.find((id) => String(id) === value) ?? null;
}

/** The modality ids in their order on forms and filters. */
export const MODALITY_IDS = [MODALITY.PRESENCIAL, MODALITY.EN_LINEA, MODALITY.PRESENCIAL_Y_EN_LINEA] as const;

/** Whether a course of this modality has in-person seats (it needs a venue and counts its capacity). */
export function hasInPersonSeats(modalityId: ModalityId): boolean {
  return modalityId !== MODALITY.EN_LINEA;
}

export const MODALITY_LABELS: Record<ModalityId, string> = {
  [MODALITY.PRESENCIAL]: "Presencial",
  [MODALITY.EN_LINEA]: "En línea",
  [MODALITY.PRESENCIAL_Y_EN_LINEA]: "Presencial y en línea",
};

/** `enrolments.modality`: how this participant takes the course. */
export type EnrolmentModality = "presencial" | "en_linea";

export const ENROLMENT_MODALITY_LABELS: Record<EnrolmentModality, string> = {
  presencial: "Presencial",
  en_linea: "En línea",
};

/** The enrolment modality a course imposes, or null when it offers both and the participant picks. */
export function fixedEnrolmentModality(modalityId: ModalityId): EnrolmentModality | null {
  if (modalityId === MODALITY.PRESENCIAL) return "presencial";
  if (modalityId === MODALITY.EN_LINEA) return "en_linea";
  return null;
}

/** The enrolment modalities a course of this modality offers, in form order. */
export function enrolmentModalitiesOf(modalityId: ModalityId): EnrolmentModality[] {
  return (["presencial", "en_linea"] as const).filter((modality) => offersModality(modalityId, modality));
}

/** Whether a course of this modality can be taken this way. */
export function offersModality(modalityId: ModalityId, modality: EnrolmentModality): boolean {
  const fixed = fixedEnrolmentModality(modalityId);
  return fixed === null || fixed === modality;
}
