/**
 * A course's modality (`courses.modality_id`, the seed specification's numbering) and an
 * enrolment's (`enrolments.modality`, what the participant takes), with their one set of labels.
 */

/** `courses.modality_id`: 1 in person, 2 online, 3 both (the participant picks at registration). */
export const MODALITY = { PRESENCIAL: 1, EN_LINEA: 2, PRESENCIAL_Y_EN_LINEA: 3 } as const;
export type ModalityId = (typeof MODALITY)[keyof typeof MODALITY];

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

/** Whether a course of this modality can be taken this way. */
export function offersModality(modalityId: ModalityId, modality: EnrolmentModality): boolean {
  const fixed = fixedEnrolmentModality(modalityId);
  return fixed === null || fixed === modality;
}
