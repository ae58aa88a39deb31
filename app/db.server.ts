import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteDialect,
  SqliteDriver,
  type DatabaseConnection,
  type Generated,
  type Selectable,
  type SqliteDialectConfig,
} from "kysely";
import { migrations } from "../migrations/index";
import type { MenuName } from "./content/menus";
import type { EnrolmentModality, ModalityId } from "./courses/modality";
import { databasePath } from "./config.server";
import { singleton } from "./utils/singleton.server";

/** The typed schema of the SQLite file. One interface per table. */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updated_at: Generated<string>;
}

export interface StoredFilesTable {
  id: string;
  file_name: string;
  content_type: string;
  byte_size: number;
  sha256: string;
  data: Buffer;
  /** Only public files are served by /archivos; private ones only by their guarded routes. */
  visibility: Generated<FileVisibility>;
  created_at: Generated<string>;
}

export type FileVisibility = "public" | "private";

export type DirectionLevel = "direccion" | "subdireccion" | "departamento" | "servicio" | "unidad";

export interface DirectionNodesTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  href: string;
  slug: string | null;
  level: DirectionLevel;
  head_name: string | null;
  position: Generated<number>;
}

export interface BannersTable {
  id: Generated<number>;
  /** The optional heading (migration 0021). */
  title: string | null;
  alt_text: string;
  /** An http(s) address or a path on this site (CHECK). */
  link_url: string | null;
  image_file_id: string;
  position: Generated<number>;
  is_active: Generated<0 | 1>;
  /** The visible window, UTC ISO; either end may be open. */
  visible_from: string | null;
  visible_until: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface SessionsTable {
  id: string;
  data: string;
  expires_at: string;
  created_at: Generated<string>;
}

export interface AppSecretsTable {
  name: string;
  value: string;
  created_at: Generated<string>;
}

export interface SeedLogTable {
  name: string;
  applied_at: Generated<string>;
}

export interface DocumentCollectionsTable {
  key: string;
  title: string;
  description: string | null;
  /** Markdown introduction on the collection's own page; NULL when no page shows one (migration 0025). */
  intro: Generated<string | null>;
  position: Generated<number>;
}

export interface DocumentGroupsTable {
  id: Generated<number>;
  collection_key: string;
  title: string;
  empty_message: string | null;
  position: Generated<number>;
}

/** A document is either a stored file (file_id) or an external address; the database enforces exactly one. */
export interface DocumentItemsTable {
  id: Generated<number>;
  group_id: number;
  title: string;
  file_id: string | null;
  external_url: string | null;
  image_file_id: Generated<string | null>;
  position: Generated<number>;
  /** Set when staff remove the document: kept (history), shown nowhere public. */
  removed_at: Generated<string | null>;
}

/** A file a document used before it was replaced; its old URL answers with the document's current file (append-only). */
export interface DocumentFileHistoryTable {
  file_id: string;
  item_id: number;
  replaced_by: string;
  replaced_at: string;
  replaced_by_staff_id: number | null;
}

export type LibraryPanelId = "reglamento" | "servicios" | "colecciones" | "catalogo" | "revistas" | "bases-de-datos" | "ligas" | "contacto";

/** The eight panels of the Hemerobiblioteca, as Markdown (migration 0022). */
export interface LibraryPanelsTable {
  id: LibraryPanelId;
  position: number;
  label: string;
  body: string;
  updated_at: Generated<string>;
}

export type GalleryName = "legado-artistico" | "galeria" | "dia-del-nino";

export interface GalleryItemsTable {
  id: Generated<number>;
  gallery: GalleryName;
  image_file_id: string;
  caption: string;
  title: string;
  author: string | null;
  alt_text: string;
  width: number;
  height: number;
  position: Generated<number>;
  is_visible: Generated<0 | 1>;
}

/** The texts of a gallery that staff edit (migration 0021). */
export interface GalleriesTable {
  name: GalleryName;
  title: string;
  description: string;
  intro: string;
  updated_at: Generated<string>;
}

export interface DepartmentPagesTable {
  id: Generated<number>;
  slug: string;
  direction_node_id: number | null;
  /** 1: department layout; 2: direction layout. */
  tipo_departamento: Generated<1 | 2>;
  title: string;
  summary: string;
  head_photo_file_id: string | null;
  head_name: string | null;
  head_grade: string | null;
  /** Markdown. */
  first_content: Generated<string>;
  /** Markdown. */
  second_content: Generated<string>;
  first_image_file_id: string | null;
  first_image_alt: Generated<string>;
  second_image_file_id: string | null;
  second_image_alt: Generated<string>;
  /** JSON array of { name, link }. */
  staff_links: Generated<string>;
  is_published: Generated<0 | 1>;
  /** When a scheduled page is published (UTC ISO); null unless waiting (migration 0026). */
  publish_at: Generated<string | null>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type ResearchUnitKind = "unidad" | "laboratorio" | "servicio";

export interface ResearchUnitsTable {
  /** The public number in /investigadores/{id}. */
  id: number;
  name: string;
  kind: ResearchUnitKind;
  /** 1 when the live site publishes no name for this number and ours is a demo name. */
  name_is_illustrative: Generated<0 | 1>;
  summary: string;
  /** Markdown. */
  content: Generated<string>;
  /** JSON array of strings. */
  lines_of_work: Generated<string>;
  head_name: string | null;
  head_grade: string | null;
  image_file_id: string | null;
  image_alt: Generated<string>;
  department_page_id: number | null;
  is_published: Generated<0 | 1>;
  /** When a scheduled unit is published (UTC ISO); null unless waiting (migration 0026). */
  publish_at: Generated<string | null>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ProfilePagesTable {
  id: Generated<number>;
  key: string;
  page_title: string;
  banner_image_file_id: string | null;
  banner_image_responsive_file_id: string | null;
  banner_image_alt: Generated<string>;
  /** Markdown. */
  banner_content: Generated<string>;
  /** Markdown. */
  first_content: Generated<string>;
  /** Markdown. */
  second_content: Generated<string>;
  first_image_file_id: string | null;
  first_image_alt: Generated<string>;
  second_image_file_id: string | null;
  second_image_alt: Generated<string>;
  /** 0 for a draft or a record waiting for its time: the page that shows it leaves it out (migration 0026). */
  is_published: Generated<0 | 1>;
  /** When a scheduled record is published (UTC ISO); null unless waiting (migration 0026). */
  publish_at: Generated<string | null>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface ContentPagesTable {
  id: Generated<number>;
  path: string;
  title: string;
  nav_label: string | null;
  summary: string;
  /** Markdown. */
  body: Generated<string>;
  section: string | null;
  position: Generated<number>;
  parent_label: string | null;
  parent_href: string | null;
  profile_page_id: number | null;
  is_published: Generated<0 | 1>;
  /** When a scheduled page is published (UTC ISO); null unless waiting (migration 0017). */
  publish_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** The records with publication states (draft, scheduled, published) and a pending revision (decision 0033). */
export type PublishableEntity = "content_page" | "department_page" | "research_unit" | "profile_page";

/**
 * What a revision belongs to: the publishable records, and (migration 0041) banners, gallery
 * images, menu links, library panels and collection introductions.
 */
export type RevisionEntity = PublishableEntity | "banner" | "gallery_image" | "menu_link" | "library_panel" | "collection_intro";

/** A stable number for a record whose key is text, so its revisions are keyed like every other (migration 0041). */
export interface RevisionKeysTable {
  id: Generated<number>;
  entity: "library_panel" | "collection_intro";
  key: string;
}

export interface PageRevisionsTable {
  id: Generated<number>;
  entity: RevisionEntity;
  entity_id: number;
  number: number;
  /**
   * "inicial": the state a record had before its first edit in the editor (migration 0024);
   * "descartar": pending changes dropped, "retirar": taken off the site on purpose (migration 0032).
   */
  action: "inicial" | "crear" | "editar" | "restaurar" | "publicar" | "descartar" | "retirar";
  restored_from: number | null;
  author_staff_id: number | null;
  author_name: string;
  /** JSON object: the page's whole editable state after the save. */
  snapshot: string;
  /** JSON array of the field names this save changed. */
  changed_fields: Generated<string>;
  created_at: Generated<string>;
}

/**
 * A published record's pending (latest) revision (migration 0032, decision 0033): the live row
 * stays as visitors see it until this revision is published (at `publish_at`, or «Publicar ahora»).
 */
export interface PendingRevisionsTable {
  entity: PublishableEntity;
  entity_id: number;
  revision_id: number;
  /** UTC ISO when scheduled; null for a draft. */
  publish_at: string | null;
  created_at: Generated<string>;
}

/** The header menus and the footer links (migration 0023): "anonimo", "sesion" (signed in), "pie" (footer). */
export interface MenuLinksTable {
  id: Generated<number>;
  menu: MenuName;
  label: string;
  /** A site path ("/…", never "//…") or an http(s) URL. */
  href: string;
  position: number;
  updated_at: Generated<string>;
}

export interface PathRedirectsTable {
  from_path: string;
  to_path: string;
  created_at: Generated<string>;
}

/** A file address of the current site and what stands for it now (migration 0029). */
export interface LegacyFileAddressesTable {
  path: string;
  file_id: string | null;
  target_path: string | null;
  created_at: Generated<string>;
}

/** MODALITY in app/courses/modality.ts: 1 presencial, 2 en línea, 3 both (the participant picks). */
export type { ModalityId };
export type CapacityWording = "plazas" | "personas";

export interface CoursesTable {
  /** Chosen by SQLite when not given (the seed gives its own). */
  course_id: Generated<number>;
  course_name: string;
  course_summary: Generated<string>;
  /** Calendar date 'YYYY-MM-DD' (no time zone). */
  course_start_date: string;
  /** Calendar date 'YYYY-MM-DD' (no time zone). */
  course_finish_date: string;
  /** Centavos; the external (EXTERNO) price. */
  course_price: number;
  /** Centavos; the ESTUDIANTE price. */
  course_student_price: number;
  /** Centavos; the PERSONAL_HIMFG price. */
  course_employee_price: number;
  course_image_file_id: string | null;
  course_pdf_file_id: string | null;
  course_url: string | null;
  /** Server-only: for enrolled participants. */
  course_password: string | null;
  course_able: Generated<0 | 1>;
  /** In-person capacity. */
  course_max_range: Generated<number>;
  modality_id: ModalityId;
  /** 0 (Enero) to 11 (Diciembre). */
  month_id: number;
  capacity_wording: Generated<CapacityWording>;
  venue: string | null;
  /** Server-only: for enrolled participants. */
  online_access_url: string | null;
  /** JSON, server-only: sessions, video and materials for enrolled participants. */
  course_content: Generated<string>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
  /** ISO instant: archived by staff (a course with enrolments is never deleted). Hidden from the catalogue. */
  archived_at: Generated<string | null>;
}

/** A message captured by the in-process SMTP server (app/mail/capture.server.ts). */
export interface MailOutboxTable {
  id: Generated<number>;
  message_id: string | null;
  envelope_from: string | null;
  /** JSON array of the SMTP recipient addresses (To, Cc and Bcc). */
  envelope_to: string;
  from_address: string;
  to_address: string;
  subject: string;
  text: string;
  html: string | null;
  /** JSON array of { filename, contentType, size }. */
  attachments: string;
  raw_size: number;
  received_at: Generated<string>;
}

export interface MailOutboxAttachmentsTable {
  mail_id: number;
  /** 1-based, in the order of the message. */
  position: number;
  filename: string;
  content_type: string;
  size: number;
  content_id: string | null;
  data: Buffer;
}

export type ParticipantRole = "PERSONAL_HIMFG" | "ESTUDIANTE" | "EXTERNO";
export type Graduated = "SÍ" | "NO";

/** A course participant (the seed's "student"). id is the public student_id, 450000–899999. */
export interface ParticipantsTable {
  id: number;
  name: string;
  grade: string;
  institution: string;
  email: string;
  /** scrypt, versioned encoding (app/accounts/passwords.server.ts). Never leaves the server. */
  password_hash: string;
  age: number;
  /** null: not known yet (an API registration without it); asked at the participant's next sign-in. */
  graduated: Graduated | null;
  nationality: string;
  state: string;
  /** Ten digits. */
  phone: string;
  role: ParticipantRole;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type ParticipantDocumentKind = "staff_id_front" | "staff_id_back" | "student_id_front" | "student_id_back" | "professional_license";
export type DocumentReviewStatus = "pendiente" | "aprobado" | "rechazado";

/** A participant's identity document (private: only its owner and staff may download it). */
export interface ParticipantDocumentsTable {
  id: Generated<number>;
  participant_id: number;
  kind: ParticipantDocumentKind;
  file_id: string;
  status: Generated<DocumentReviewStatus>;
  rejection_reason: string | null;
  reviewed_at: string | null;
  /** The staff member who decided (their name). */
  reviewed_by: Generated<string | null>;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

/** One attempt at something throttled (app/security/throttle.server.ts); replaces login_failures. */
export interface ThrottleAttemptsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  attempted_at: string;
}

export interface PasswordResetTokensTable {
  /** SHA-256 (hex) of the token; the token itself is only in the e-mail. */
  token_hash: string;
  participant_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: Generated<string>;
}

export type EnrolmentStatus = "pendiente_de_pago" | "pendiente_de_revision" | "confirmada" | "suspendida" | "rechazada" | "cancelada";
export type { EnrolmentModality };

export interface EnrolmentsTable {
  id: Generated<number>;
  participant_id: number;
  course_id: number;
  modality: EnrolmentModality;
  status: EnrolmentStatus;
  /** Centavos: our price for the participant's profile when the enrolment started. */
  amount_centavos: number;
  /** ISO instant: an in-person seat held for a pending card payment until then. */
  seat_held_until: string | null;
  /** Set when an approved payment could not get what was bought (finance must refund). */
  refund_reason: string | null;
  rejection_reason: string | null;
  /** Why a confirmed enrolment is suspended (its payment did not match Banorte's report). */
  suspension_reason: string | null;
  /** The enrolment's own reference in the control-number format (free and reviewed enrolments show it). */
  reference: string | null;
  /** Why the modality differs from the one chosen (e.g. the last seat went during payment). */
  modality_note: string | null;
  reviewed_by: string | null;
  confirmed_at: string | null;
  /** The token of the verification page (/verificar/<token>) the access PDF's QR code links to. */
  verification_token: string;
  /** The participant chose to pay by transfer or at a bank window (migration 0027). */
  offline_intent_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export type PaymentAttemptStatus =
  | "pending"
  /** The browser relayed an approval; nothing is fulfilled until the bank confirms it (migration 0027). */
  | "in_verification"
  | "approved"
  | "declined"
  | "rejected"
  | "no_answer"
  | "cancelled"
  | "closed"
  | "error"
  | "expired";
export type PaymentProviderName = "banorte" | "simulator";
export type PaymentVerification = "verificado" | "por_conciliar" | "conciliado" | "confirmado_manual" | "discrepancia";
export type BanorteMode = "PRD" | "AUT" | "DEC" | "RND";

/** What a card payment is for (migration 0019): exactly one of enrolment_id / donation_id is set. */
export type PaymentPurpose = "inscripcion" | "donativo";

export interface PaymentAttemptsTable {
  id: Generated<number>;
  purpose: Generated<PaymentPurpose>;
  enrolment_id: number | null;
  donation_id: number | null;
  control_number: string;
  amount_centavos: number;
  status: Generated<PaymentAttemptStatus>;
  /** The per-payment secrets; only while pending. */
  vi_hex: string | null;
  salt_hex: string | null;
  passphrase: string | null;
  /** SHA-256 (hex) of the secret the starting browser holds: the relay's right to the attempt. */
  relay_token_hash: string | null;
  /** What the bank confirmed (set with status approved). */
  referencia: string | null;
  codigo_aut: string | null;
  /** What the buyer's browser relayed as an approval: a claim the bank must confirm (migration 0027). */
  claimed_referencia: string | null;
  claimed_codigo_aut: string | null;
  claimed_at: string | null;
  /** The decrypted response, kept for audit. */
  response_json: string | null;
  provider: PaymentProviderName;
  mode: BanorteMode;
  /** How far the money is proven (docs/decisions/0013-payment-trust-model.md). */
  verification: PaymentVerification | null;
  verified_at: string | null;
  /** The finance member who confirmed the payment from the bank's console (verification confirmado_manual). */
  confirmed_by: string | null;
  /** An approval we could not honour: finance must refund it. */
  refund_reason: string | null;
  settled_at: string | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface PaymentEventsTable {
  id: Generated<number>;
  payment_attempt_id: number | null;
  control_number: string | null;
  kind: "success" | "error" | "cancel" | "closed" | "unknown" | "verify" | "reconcile" | "expire";
  outcome: "applied" | "ignored" | "tampering";
  reason: string | null;
  payload: string;
  client_address: string | null;
  received_at: Generated<string>;
}

export interface InvoiceRequestsTable {
  id: Generated<number>;
  /** Exactly one of enrolment_id / donation_id (migration 0019). */
  enrolment_id: number | null;
  donation_id: number | null;
  payment_attempt_id: number | null;
  rfc: string;
  legal_name: string;
  tax_regime: string;
  postcode: string;
  cfdi_use: string;
  constancia_file_id: string;
  /** Set together when finance marks the request "facturada". */
  cfdi_folio: string | null;
  invoiced_at: string | null;
  invoiced_by: string | null;
  created_at: Generated<string>;
}

export type DonationStatus = "pendiente" | "aprobada" | "rechazada" | "cancelada" | "sin_respuesta" | "expirada";

/** A gift by card (migration 0019); its control number is its one card attempt's. */
export interface DonationsTable {
  id: Generated<number>;
  control_number: string;
  amount_centavos: number;
  status: Generated<DonationStatus>;
  donor_name: string;
  donor_email: string;
  /** Optional letter of intent (private file). */
  letter_file_id: string | null;
  /** Optional constancia de situación fiscal (private file), also on the invoice request. */
  tax_certificate_file_id: string | null;
  client_address: string | null;
  receipt_sent_at: string | null;
  created_at: Generated<string>;
  approved_at: string | null;
  updated_at: Generated<string>;
}

export type OfflinePaymentMethod = "transferencia" | "tienda" | "ventanilla" | "referencia_ensenanza";

/** A payment received outside the card gateway, recorded by staff with its receipt (append-only). */
export interface OfflinePaymentsTable {
  id: Generated<number>;
  enrolment_id: number;
  method: OfflinePaymentMethod;
  amount_centavos: number;
  /** Calendar date 'YYYY-MM-DD' the money was paid. */
  paid_on: string;
  reference: string;
  receipt_file_id: string;
  recorded_by: string;
  created_at: Generated<string>;
}

/** Money given back for one card attempt or one off-line payment of an enrolment or a donation, with the reason (append-only). */
export interface RefundsTable {
  id: Generated<number>;
  /** Exactly one of enrolment_id / donation_id (migration 0027). */
  enrolment_id: number | null;
  donation_id: number | null;
  payment_attempt_id: number | null;
  offline_payment_id: number | null;
  amount_centavos: number;
  reason: string;
  recorded_by: string;
  created_at: Generated<string>;
}

/** Why staff enrolled a participant by hand (append-only). */
export interface ManualEnrolmentsTable {
  enrolment_id: number;
  reason: string;
  recorded_by: string;
  created_at: Generated<string>;
}

/** A file sent to POST /api/files/upload, private, waiting (one hour) for a registration to claim it. */
export interface StagedUploadsTable {
  /** SHA-256 (hex) of the token in the fileUrl; the token itself is never stored. */
  token_hash: string;
  file_name: string;
  content_type: "image/jpeg" | "image/png" | "application/pdf";
  data: Buffer;
  client_address: string;
  created_at: string;
  expires_at: string;
  claimed_at: string | null;
}

/** A participant's private iCalendar feed address (revocable by replacing the token). */
export interface CalendarFeedsTable {
  participant_id: number;
  token: string;
  created_at: Generated<string>;
}

export interface DB {
  site_settings: SiteSettingsTable;
  stored_files: StoredFilesTable;
  direction_nodes: DirectionNodesTable;
  banners: BannersTable;
  galleries: GalleriesTable;
  sessions: SessionsTable;
  app_secrets: AppSecretsTable;
  seed_log: SeedLogTable;
  department_pages: DepartmentPagesTable;
  research_units: ResearchUnitsTable;
  profile_pages: ProfilePagesTable;
  content_pages: ContentPagesTable;
  page_revisions: PageRevisionsTable;
  revision_keys: RevisionKeysTable;
  pending_revisions: PendingRevisionsTable;
  path_redirects: PathRedirectsTable;
  legacy_file_addresses: LegacyFileAddressesTable;
  menu_links: MenuLinksTable;
  document_collections: DocumentCollectionsTable;
  document_groups: DocumentGroupsTable;
  document_items: DocumentItemsTable;
  document_file_history: DocumentFileHistoryTable;
  library_panels: LibraryPanelsTable;
  gallery_items: GalleryItemsTable;
  mail_outbox: MailOutboxTable;
  mail_outbox_attachments: MailOutboxAttachmentsTable;
  courses: CoursesTable;
  participants: ParticipantsTable;
  participant_documents: ParticipantDocumentsTable;
  throttle_attempts: ThrottleAttemptsTable;
  password_reset_tokens: PasswordResetTokensTable;
  enrolments: EnrolmentsTable;
  payment_attempts: PaymentAttemptsTable;
  payment_events: PaymentEventsTable;
  invoice_requests: InvoiceRequestsTable;
  donations: DonationsTable;
  content_version: ContentVersionTable;
  staged_uploads: StagedUploadsTable;
  calendar_feeds: CalendarFeedsTable;
  simulator_transactions: SimulatorTransactionsTable;
  offline_payments: OfflinePaymentsTable;
  refunds: RefundsTable;
  manual_enrolments: ManualEnrolmentsTable;
  staff_members: StaffMembersTable;
  staff_setup_tokens: StaffSetupTokensTable;
  staff_sessions: StaffSessionsTable;
  audit_log: AuditLogTable;
  job_runs: JobRunsTable;
  backups: BackupsTable;
  mail_deliveries: MailDeliveriesTable;
  system_alerts: SystemAlertsTable;
  course_completion: CourseCompletionTable;
  waitlist_entries: WaitlistEntriesTable;
  waitlist_courses: WaitlistCoursesTable;
  attendance_checkins: AttendanceCheckinsTable;
  course_evaluations: CourseEvaluationsTable;
  evaluation_questions: EvaluationQuestionsTable;
  evaluation_options: EvaluationOptionsTable;
  evaluation_attempts: EvaluationAttemptsTable;
  survey_responses: SurveyResponsesTable;
  constancias: ConstanciasTable;
  annual_transcripts: AnnualTranscriptsTable;
}

/** What a constancia states about a course and what it takes to earn one (migration 0040). */
/** A place in a course's waitlist (migration 0042, decision 0053). */
export type WaitlistStatus = "en_espera" | "ofrecido" | "reclamado" | "vencido" | "retirado";

export interface WaitlistEntriesTable {
  id: Generated<number>;
  course_id: number;
  participant_id: number;
  position: number;
  status: WaitlistStatus;
  /** SHA-256 (hex) of the offer link's token; the token itself is only in the e-mail. */
  offer_token_hash: string | null;
  offered_at: string | null;
  offer_expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface WaitlistCoursesTable {
  course_id: number;
  closed: Generated<number>;
  /** How long an offer holds the seat; null: WAITLIST_OFFER_HOURS_DEFAULT. */
  offer_hours: number | null;
}

export interface CourseCompletionTable {
  course_id: number;
  hours: Generated<number>;
  /** Share of the course days a participant must attend (0–100). */
  required_attendance_percent: Generated<number>;
  /** JSON array of {name, title}: who signs the constancias. */
  signatories: Generated<string>;
  updated_at: Generated<string>;
}

export type CheckinMethod = "qr" | "numero_de_control" | "nombre" | "en_linea" | "personal";

/** One check-in of an enrolment on one course day (migration 0040). */
export interface AttendanceCheckinsTable {
  id: Generated<number>;
  enrolment_id: number;
  /** 'YYYY-MM-DD', a Mexico City calendar day within the course's dates. */
  course_day: string;
  checked_in_at: string;
  method: CheckinMethod;
  /** The staff member who recorded or corrected it (null: the participant's own online access). */
  recorded_by: string | null;
  /** Why staff marked or corrected it by hand. */
  reason: string | null;
  /** Set when staff withdrew the check-in (with a reason); the row stays. */
  removed_at: string | null;
}

/** A course's knowledge evaluation (migration 0040). */
export interface CourseEvaluationsTable {
  course_id: number;
  passing_grade: Generated<number>;
  attempts_allowed: Generated<number>;
  /** ISO instants: the window in which participants may answer (null: open / no end). */
  opens_at: string | null;
  closes_at: string | null;
  updated_at: Generated<string>;
}

export interface EvaluationQuestionsTable {
  id: Generated<number>;
  course_id: number;
  position: number;
  prompt: string;
}

/** An option of a question. `is_correct` never leaves the server. */
export interface EvaluationOptionsTable {
  id: Generated<number>;
  question_id: number;
  position: number;
  label: string;
  is_correct: Generated<0 | 1>;
}

/** Every attempt is kept; the server grades it (migration 0040). */
export interface EvaluationAttemptsTable {
  id: Generated<number>;
  enrolment_id: number;
  attempt_number: number;
  started_at: string;
  submitted_at: string | null;
  /** JSON object {questionId: optionId}. */
  answers: Generated<string>;
  /** 0–100, set by the server when submitted. */
  grade: number | null;
  passed: 0 | 1 | null;
}

/** The quality survey's answers, once per enrolment (migration 0040). */
export interface SurveyResponsesTable {
  enrolment_id: number;
  /** JSON object: "s<section>q<question>" → "E" | "B" | "D" for closed questions, text for open ones. */
  answers: string;
  submitted_at: string;
}

export type ConstanciaKind = "asistencia" | "acreditacion";

/** An issued constancia, its details frozen when issued (migration 0040). */
export interface ConstanciasTable {
  id: Generated<number>;
  /** Not guessable; the QR and /verificar/constancia/{folio} use it. */
  folio: string;
  enrolment_id: number;
  kind: ConstanciaKind;
  participant_name: string;
  course_name: string;
  course_start_date: string;
  course_finish_date: string;
  hours: number;
  grade: number | null;
  /** JSON array of {name, title}. */
  signatories: Generated<string>;
  issued_at: string;
  /** The staff member's name. */
  issued_by: string;
  revoked_at: string | null;
  revocation_reason: string | null;
  /** Set when reissued (e.g. after a name correction): the folio that replaces this one. */
  replaced_by_folio: string | null;
}

/**
 * A «Constancia anual de educación continua» (migration 0043, decision 0054): a participant's
 * standing constancias of one year, frozen when first issued.
 */
export interface AnnualTranscriptsTable {
  id: Generated<number>;
  /** "A-" and 20 base-32 digits; the QR and /verificar/constancia/{folio} use it. */
  folio: string;
  participant_id: number;
  year: number;
  participant_name: string;
  /** JSON array of {folio, kind, courseName, startDate, finishDate, hours}. */
  entries: string;
  total_hours: number;
  issued_at: string;
  /** Set when a constancia of the year changed and a new transcript replaced this one. */
  replaced_by_folio: string | null;
}

/** One run of a job of the one job runner (app/jobs, migration 0037). */
export interface JobRunsTable {
  id: Generated<number>;
  job: string;
  started_at: string;
  finished_at: string | null;
  outcome: Generated<"en_curso" | "ok" | "fallo">;
  error: string | null;
  /** JSON object of counts, e.g. {"publicadas":1}. */
  counts: Generated<string>;
}

/** A backup file the site wrote into BACKUP_DIR (app/backups, migration 0037). */
export interface BackupsTable {
  id: Generated<number>;
  file_name: string;
  directory: string;
  started_at: string;
  taken_at: string;
  size_bytes: number;
  /** What PRAGMA integrity_check said of the copy: "ok" or its message. */
  integrity: string;
  ok: 0 | 1;
  origin: "programado" | "manual" | "consola";
  removed_at: string | null;
}

/** Every message the site sends, as the outbox (app/mail/deliveries.server.ts, migration 0037). */
export interface MailDeliveriesTable {
  id: Generated<number>;
  /** JSON array of addresses. */
  recipients: string;
  subject: string;
  status: "en_espera" | "enviado" | "fallido";
  attempts: Generated<number>;
  last_error: string | null;
  /** JSON of the whole message while it may still be sent; null once sent. */
  message: string | null;
  created_at: string;
  sent_at: string | null;
  next_attempt_at: string | null;
}

/** A problem already told to the administrators by mail (app/system/alerts.server.ts). */
export interface SystemAlertsTable {
  key: string;
  message: string;
  raised_at: string;
  notified_at: string | null;
}

export type StaffRoleColumn = "admin" | "ensenanza" | "comunicacion" | "finanzas";
export type StaffStatus = "invitada" | "activa" | "inactiva";

export interface StaffMembersTable {
  id: Generated<number>;
  /** Lower-case, trimmed. */
  email: string;
  name: string;
  role: StaffRoleColumn;
  status: Generated<StaffStatus>;
  password_hash: string | null;
  /** Base32 TOTP secret (RFC 6238), set at set-up. */
  totp_secret: string | null;
  /** The last TOTP time step accepted: a code is accepted once. */
  totp_last_step: number | null;
  created_at: Generated<string>;
  updated_at: Generated<string>;
}

export interface StaffSetupTokensTable {
  /** SHA-256 (hex) of the token; the token itself is only in the link. */
  token_hash: string;
  staff_id: number;
  totp_secret: string;
  expires_at: string;
  used_at: string | null;
  created_at: Generated<string>;
}

export interface StaffSessionsTable {
  /** SHA-256 (hex) of the random id the signed cookie carries. */
  id_hash: string;
  staff_id: number;
  stage: "contrasena" | "activa";
  expires_at: string;
  created_at: Generated<string>;
  last_seen_at: Generated<string>;
}

export interface AuditLogTable {
  id: Generated<number>;
  actor_staff_id: number | null;
  actor_email: string | null;
  actor_role: StaffRoleColumn | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before_json: string | null;
  after_json: string | null;
  request_id: string | null;
  created_at: Generated<string>;
}

/** What the payment simulator's "bank" answered (its verification reads it). */
export interface SimulatorTransactionsTable {
  control_number: string;
  merchant_id: string;
  amount_centavos: number;
  result: "A" | "D" | "R" | "T" | null;
  referencia: string | null;
  codigo_aut: string | null;
  answered_at: Generated<string>;
}

/** One row (id 1): bumped by triggers on every write to a table public pages read (migration 0014). */
export interface ContentVersionTable {
  id: number;
  version: number;
}

export type DirectionNode = Selectable<DirectionNodesTable>;
export type Banner = Selectable<BannersTable>;

/** Opens (creating if needed) one SQLite file with WAL and foreign keys on. */
export function openDatabase(filePath: string): Kysely<DB> {
  if (filePath !== ":memory:") fs.mkdirSync(path.dirname(filePath), { recursive: true });
  const sqlite = new Database(filePath);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  const database = new Kysely<DB>({ dialect: new ImmediateTransactionsDialect({ database: withStatementCache(sqlite) }) });
  connections.set(database, sqlite);
  return database;
}

/**
 * Every `db.transaction()` begins with BEGIN IMMEDIATE (decision 0067): it takes SQLite's write
 * lock at its start, waiting up to busy_timeout while another process (a script, a test, a
 * second server) holds it. Kysely's plain BEGIN defers the lock to the first write; when another
 * process writes between such a transaction's first read and its first write, SQLite refuses that
 * write at once with "database is locked" (SQLITE_BUSY_SNAPSHOT: waiting cannot help, as what the
 * transaction read is stale). Within one process the driver already runs one transaction at a
 * time, so this costs nothing there. Two connections of one process to the same file must not
 * both write: the busy wait of one would hold the thread the other needs to finish.
 */
class ImmediateTransactionsDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("begin immediate"));
  }
}

class ImmediateTransactionsDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }
  override createDriver() {
    return new ImmediateTransactionsDriver(this.#config);
  }
}

/** Shared by the server's and the Remix build's copies of this module (singleton), as the database handle is. */
const connections = singleton("sqlite-connections", () => new WeakMap<Kysely<DB>, Database.Database>());

/**
 * The better-sqlite3 connection under a Kysely instance from openDatabase: the online backup copies
 * through the server's own connection, so the site's writes during the copy go into it instead of
 * restarting it (app/backups/backups.server.ts).
 */
export function sqliteConnection(database: Kysely<DB>): Database.Database | null {
  return connections.get(database) ?? null;
}

/**
 * How many writing statements (INSERT, UPDATE, DELETE, BEGIN, COMMIT…) this process has run
 * through a database opened here: the anonymous page cache reads the content version again
 * after any of them, and otherwise at most every 100 ms (server/page-cache.ts, decision 0041).
 * One counter for the server bundle and the Remix build (singleton).
 */
export const databaseWrites: { count: number } = singleton("database-writes", () => ({ count: 0 }));

/**
 * Kysely prepares every query afresh; our queries are a fixed set of SQL strings, so each is
 * prepared once and reused (preparing was ~5 % of a signed-in page's CPU; decision 0027). A
 * statement still running (an open iterator) is never shared: a busy one gets a fresh copy.
 */
export function withStatementCache(sqlite: Database.Database) {
  const statements = new Map<string, Database.Statement>();
  return {
    prepare(query: string) {
      const kept = statements.get(query);
      if (kept && !kept.busy) {
        if (!kept.reader) databaseWrites.count += 1;
        return kept;
      }
      const statement = sqlite.prepare(query);
      // Counted as it is handed out: the driver runs it at once, in the same synchronous call.
      if (!statement.reader) databaseWrites.count += 1;
      if (!kept) {
        // Bounded: SQL text comes from code, but IN-lists of varying length make new strings.
        if (statements.size >= 1000) statements.clear();
        statements.set(query, statement);
      }
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}

/** Applies every pending migration; throws if one fails. Returns the names applied now. */
export async function migrateToLatest(database: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/** The database of this process, at DATABASE_PATH (default ./data/himfg.db). */
export const db: Kysely<DB> = singleton(`db:${databasePath()}`, () => openDatabase(databasePath()));
