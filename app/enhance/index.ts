/**
 * The script of the pages that do not hydrate (decision 0027): the public information pages
 * work as plain HTML, and this small module adds what script can add — the header menus' Escape
 * and outside click, the toasts' close button, the home carousel, click-to-load videos, the
 * catalogue's programme dialog, the gallery lightbox, the Hemerobiblioteca's tabs and the focus
 * of a refused form's error summary, the participant forms' browser-side checks and
 * answer-dependent fields (register, profile, payment, donation; issue 22), and the card step of
 * /payment and /donacion (the bank's lightbox, card-checkout.ts), and the attendance page's QR
 * scan with the camera (attendance-scanner.ts, issue 25).
 * Built by scripts/build-page-script.mjs into public/build/page-script/.
 */
import { enhanceAttendanceScanner } from "./attendance-scanner";
import { enhanceCardCheckout } from "./card-checkout";
import { enhanceCarousel } from "./carousel";
import { enhanceConditionalFields } from "./conditional-fields";
import { enhanceDisclosureMenus } from "./disclosure-menus";
import { focusErrorSummary } from "./error-summary";
import { enhanceFormChecks } from "./form-checks";
import { enhanceGalleryLightbox } from "./gallery-lightbox";
import { enhanceProgrammeDialog } from "./programme-dialog";
import { enhanceTabs } from "./tabs";
import { enhanceToasts } from "./toasts";
import { enhanceVideoFacades } from "./video-facade";

const header = document.querySelector<HTMLElement>(".site-header");
if (header) enhanceDisclosureMenus(header);
enhanceToasts(document);
document.querySelectorAll<HTMLElement>(".carousel").forEach(enhanceCarousel);
enhanceVideoFacades(document);
enhanceProgrammeDialog(document);
document.querySelectorAll<HTMLElement>(".gallery-grid").forEach(enhanceGalleryLightbox);
document.querySelectorAll<HTMLElement>("[data-tabs]").forEach(enhanceTabs);
enhanceConditionalFields(document);
document.querySelectorAll<HTMLFormElement>("form[data-checks]").forEach(enhanceFormChecks);
enhanceCardCheckout(document);
focusErrorSummary(document);
void enhanceAttendanceScanner(document);
