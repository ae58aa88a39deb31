import type { MailMessage } from "../message";
import { accountPasswordChoice } from "./account-password-choice";
import { constanciaIssued } from "./constancia-issued";
import { documentsRejected } from "./documents-rejected";
import { donationNotConfirmed } from "./donation-not-confirmed";
import { donationReceipt } from "./donation-receipt";
import { enrolmentConfirmed } from "./enrolment-confirmed";
import { enrolmentInReview } from "./enrolment-in-review";
import { enrolmentRejected } from "./enrolment-rejected";
import { enrolmentSuspended } from "./enrolment-suspended";
import { passwordReset } from "./password-reset";
import { paymentNotConfirmed } from "./payment-not-confirmed";
import { paymentReceipt } from "./payment-receipt";
import { staffInvitation } from "./staff-invitation";
import { systemAlert } from "./system-alert";
import { waitlistOffer } from "./waitlist-offer";

/**
 * Every message the site sends, one module each (the registry the demo's preview walks, and the
 * test that renders each one). A new message gets its module here.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each entry keeps its own input type
export const MAIL_MESSAGES: readonly MailMessage<any>[] = [
  accountPasswordChoice,
  passwordReset,
  staffInvitation,
  enrolmentInReview,
  enrolmentConfirmed,
  enrolmentRejected,
  documentsRejected,
  paymentReceipt,
  paymentNotConfirmed,
  enrolmentSuspended,
  donationReceipt,
  donationNotConfirmed,
  systemAlert,
  waitlistOffer,
  constanciaIssued,
];

export function findMailMessage(kind: string) {
  return MAIL_MESSAGES.find((message) => message.kind === kind) ?? null;
}
