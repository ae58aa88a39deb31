/** The site's settings: what they are and their defaults. Validation lives in settings.server.ts. */
export interface SocialLink {
  name: string;
  url: string;
}

export interface Settings {
  institutionName: string;
  institutionAcronym: string;
  addressStreet: string;
  addressNeighbourhood: string;
  addressBorough: string;
  addressCity: string;
  addressPostalCode: string;
  phone: string;
  email: string;
  socialLinks: SocialLink[];
  /** Prefix of every payment control number (HIMFGCURSOS + code + 10 random characters). */
  coursePrefix: string;
  /** The code after the prefix in a donation's control number (HIMFGCURSOS + DON + 10 random). */
  donationCode: string;
  /** Bank transfer details for donations (shown on /donacion; large gifts and no-JavaScript donors). Empty: ask finance. */
  donationBankName: string;
  donationAccountHolder: string;
  /** 18-digit CLABE, or empty when not published. */
  donationClabe: string;
  /**
   * Bank details for course fees paid off-line (transfer, bank window): shown on /payment and the
   * profile. Empty: the pages say to call the Teaching office (never an empty "CLABE:" line).
   */
  courseBankName: string;
  courseAccountHolder: string;
  /** 18-digit CLABE, or empty when not published. */
  courseClabe: string;
  /** The Teaching office's (Dirección de Enseñanza) own phone and e-mail; empty: the general contact. */
  teachingPhone: string;
  teachingEmail: string;
  transparencyPlatformUrl: string;
  /** Embed URL of the clinical-pathological session video; empty when none is published. */
  sessionVideoEmbedUrl: string;
}

export type SettingKey = keyof Settings;

/** At most this many social links (the settings form offers the filled rows plus blanks). */
export const MAX_SOCIAL_LINKS = 10;

export const defaultSettings: Settings = {
  institutionName: "Hospital Infantil de México Federico Gómez",
  institutionAcronym: "HIMFG",
  addressStreet: "Dr. Márquez No. 162",
  addressNeighbourhood: "Col. Doctores",
  addressBorough: "Alcaldía Cuauhtémoc",
  addressCity: "Ciudad de México",
  addressPostalCode: "06720",
  phone: "55 5228 9917",
  email: "contacto@himfg.edu.mx",
  socialLinks: [
    { name: "Facebook", url: "https://www.facebook.com/HospitalInfantilDeMexicoFG/?locale=es_LA" },
    { name: "X (Twitter)", url: "https://twitter.com/T_HIMFG" },
    { name: "Instagram", url: "https://www.instagram.com/him_fg/" },
    { name: "YouTube", url: "https://www.youtube.com/c/CEMESATELHIMFG/videos" },
  ],
  coursePrefix: "HIMFGCURSOS",
  donationCode: "DON",
  donationBankName: "",
  donationAccountHolder: "Hospital Infantil de México Federico Gómez",
  donationClabe: "",
  courseBankName: "",
  courseAccountHolder: "",
  courseClabe: "",
  teachingPhone: "",
  teachingEmail: "",
  transparencyPlatformUrl: "https://www.plataformadetransparencia.org.mx/",
  sessionVideoEmbedUrl: "",
};

export function formatAddress(settings: Settings): string {
  return `${settings.addressStreet}, ${settings.addressNeighbourhood}, ${settings.addressBorough}, C.P. ${settings.addressPostalCode}, ${settings.addressCity}`;
}

/** "55 5228 9917" → "+525552289917" for tel: links. */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+52${digits.slice(-10)}`;
}

/** Bank details and whom to call, as pages that offer an off-line payment show them. */
export interface OfflinePaymentDetails {
  bank: string;
  holder: string;
  clabe: string;
  /** The office to call or write (the Teaching office's own contact, else the general one). */
  phone: string;
  email: string;
}

/** The course fees' bank details and the Teaching office's contact. */
export function courseOfflineDetails(settings: Settings): OfflinePaymentDetails {
  return {
    bank: settings.courseBankName,
    holder: settings.courseAccountHolder,
    clabe: settings.courseClabe,
    phone: settings.teachingPhone || settings.phone,
    email: settings.teachingEmail || settings.email,
  };
}

/** The settings real use should fill before people are told to pay off-line (a start-up warning names them). */
export const OFFLINE_PAYMENT_SETTINGS = [
  "courseBankName",
  "courseAccountHolder",
  "courseClabe",
  "teachingPhone",
  "teachingEmail",
  "donationBankName",
  "donationAccountHolder",
  "donationClabe",
] as const satisfies readonly SettingKey[];

/** Which of those are empty. */
export function missingOfflinePaymentSettings(settings: Settings): SettingKey[] {
  return OFFLINE_PAYMENT_SETTINGS.filter((key) => settings[key].trim() === "");
}
