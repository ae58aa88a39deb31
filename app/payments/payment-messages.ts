// Client-safe: the /payment page shows these, and the checkout steps refuse with them.

/** Why a card payment, an enrolment or a review could not start (the same words for each intent). */
export const PAYMENT_START_MESSAGES = {
  "course-closed": "Las inscripciones de este curso están cerradas.",
  "already-enrolled": "Ya tiene una inscripción en este curso. Consulte «Mis inscripciones» en su perfil.",
  "no-seats": "Ya no hay lugares presenciales en este curso. Puede inscribirse en la modalidad en línea.",
  "modality-unavailable": "Este curso no se imparte en esa modalidad.",
  "not-a-card-payment": "Este curso no requiere pago con tarjeta para su perfil.",
  "wrong-path": "Esta forma de inscripción no corresponde a su perfil. Vuelva a cargar la página.",
  "awaiting-bank":
    "El banco no respondió a su pago anterior y todavía no sabemos si se hizo el cargo. Para no cobrarle dos veces, no puede pagar de nuevo hasta que lo confirmemos.",
} as const;

export type PaymentStartRefusal = keyof typeof PAYMENT_START_MESSAGES;
