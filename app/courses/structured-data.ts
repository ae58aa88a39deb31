import type { ModalityId } from "~/db.server";
import type { Settings } from "~/settings/settings";
import { MODALITY } from "./modality";
import { PROFILE_LABELS, PROFILES, priceForProfile, type CoursePrices } from "./pricing";

/** schema.org's course modes for our modalities (3: the participant chooses, so both happen). */
const COURSE_MODE: Record<ModalityId, string> = { 1: "Onsite", 2: "Online", 3: "Blended" };

export interface StructuredCourse extends CoursePrices {
  course_name: string;
  course_summary: string;
  course_start_date: string;
  course_finish_date: string;
  course_able: 0 | 1;
  modality_id: ModalityId;
  venue: string | null;
}

/**
 * The schema.org Course (with its CourseInstance) of a course page, as JSON-LD: dates, mode, the
 * price for each profile in MXN and where it happens. Search engines read it; nothing in it is
 * private (the same facts the page shows).
 */
export function courseJsonLd(
  course: StructuredCourse,
  input: {
    pageUrl: string;
    imageUrl: string | null;
    origin: string;
    settings: Pick<Settings, "institutionName" | "addressStreet" | "addressNeighbourhood" | "addressBorough" | "addressCity" | "addressPostalCode">;
  },
): Record<string, unknown> {
  const { settings } = input;
  const provider = { "@type": "Organization", name: settings.institutionName, sameAs: input.origin, url: input.origin };
  const address = {
    "@type": "PostalAddress",
    streetAddress: `${settings.addressStreet}, ${settings.addressNeighbourhood}`,
    addressLocality: settings.addressBorough,
    addressRegion: settings.addressCity,
    postalCode: settings.addressPostalCode,
    addressCountry: "MX",
  };
  const onsite = { "@type": "Place", name: course.venue ?? settings.institutionName, address };
  const online = { "@type": "VirtualLocation", url: input.pageUrl };
  const location = course.modality_id === MODALITY.PRESENCIAL ? onsite : course.modality_id === MODALITY.EN_LINEA ? online : [onsite, online];
  const offers = PROFILES.map((profile) => {
    const centavos = priceForProfile(course, profile);
    return {
      "@type": "Offer",
      name: `Precio ${PROFILE_LABELS[profile]}`,
      category: centavos === 0 ? "Free" : "Paid",
      price: (centavos / 100).toFixed(2),
      priceCurrency: "MXN",
      url: input.pageUrl,
      ...(course.course_able === 1 ? { availability: "https://schema.org/InStock" } : {}),
    };
  });
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.course_name,
    description: course.course_summary.trim() || `Curso de educación continua: ${course.course_name}.`,
    url: input.pageUrl,
    inLanguage: "es-MX",
    ...(input.imageUrl ? { image: input.imageUrl } : {}),
    provider,
    offers,
    hasCourseInstance: {
      "@type": "CourseInstance",
      name: course.course_name,
      courseMode: COURSE_MODE[course.modality_id],
      startDate: course.course_start_date,
      endDate: course.course_finish_date,
      location,
      offers,
    },
  };
}
