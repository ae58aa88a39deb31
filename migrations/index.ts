import type { Migration } from "kysely";
import * as m0001 from "./0001-foundation";
import * as m0002 from "./0002-institutional-pages";
import * as m0003 from "./0003-documents-gallery";
import * as m0004 from "./0004-courses";
import * as m0005 from "./0005-mail-outbox";
import * as m0006 from "./0006-participants";
import * as m0007 from "./0007-search-index";
import * as m0008 from "./0008-file-visibility";
import * as m0009 from "./0009-enrolments-payments";
import * as m0010 from "./0010-payment-trust";
import * as m0011 from "./0011-throttle-attempts";
import * as m0012 from "./0012-staff";
import * as m0013 from "./0013-teaching-office";
import * as m0014 from "./0014-content-version";
import * as m0015 from "./0015-search-index-triggers";
import * as m0016 from "./0016-api-uploads-calendar-feeds";
import * as m0017 from "./0017-content-editor";
import * as m0018 from "./0018-content-version-redirects";
import * as m0019 from "./0019-donations";
import * as m0021 from "./0021-banners-gallery-editor";
import * as m0022 from "./0022-document-and-library-editing";
import * as m0023 from "./0023-menus";
import * as m0024 from "./0024-department-page-editor";
import * as m0025 from "./0025-collection-intros";
import * as m0026 from "./0026-record-publication";
import * as m0027 from "./0027-bank-confirmed-payments";
import * as m0028 from "./0028-ledger-indexes";
import * as m0029 from "./0029-legacy-file-addresses";
import * as m0031 from "./0031-graduated-unknown";
import * as m0032 from "./0032-pending-revisions";
import * as m0033 from "./0033-audit-log-indexes";
import * as m0034 from "./0034-staff-totp-encrypted";
import * as m0035 from "./0035-indexes-at-scale";
import * as m0037 from "./0037-jobs-backups-mail";
import * as m0039 from "./0039-content-list-index";
import * as m0040 from "./0040-course-completion";
import * as m0041 from "./0041-record-history";
import * as m0042 from "./0042-waitlist";
import * as m0043 from "./0043-annual-transcripts";
import * as m0044 from "./0044-dashboard-constancias";
import * as m0045 from "./0045-maintenance-indexes";

/**
 * The numbered migrations, in order. Append a new file and a line here; never edit a
 * migration that has landed. They are listed statically (not read from the folder) so the
 * same list works in the server bundle, under tsx and in tests.
 */
export const migrations: Record<string, Migration> = {
  "0001-foundation": m0001,
  "0002-institutional-pages": m0002,
  "0003-documents-gallery": m0003,
  "0004-courses": m0004,
  "0005-mail-outbox": m0005,
  "0006-participants": m0006,
  "0007-search-index": m0007,
  "0008-file-visibility": m0008,
  "0009-enrolments-payments": m0009,
  "0010-payment-trust": m0010,
  "0011-throttle-attempts": m0011,
  "0012-staff": m0012,
  "0013-teaching-office": m0013,
  "0014-content-version": m0014,
  "0015-search-index-triggers": m0015,
  "0016-api-uploads-calendar-feeds": m0016,
  "0017-content-editor": m0017,
  "0018-content-version-redirects": m0018,
  "0019-donations": m0019,
  "0021-banners-gallery-editor": m0021,
  "0022-document-and-library-editing": m0022,
  "0023-menus": m0023,
  "0024-department-page-editor": m0024,
  "0025-collection-intros": m0025,
  "0026-record-publication": m0026,
  "0027-bank-confirmed-payments": m0027,
  "0028-ledger-indexes": m0028,
  "0029-legacy-file-addresses": m0029,
  "0031-graduated-unknown": m0031,
  "0032-pending-revisions": m0032,
  "0033-audit-log-indexes": m0033,
  "0034-staff-totp-encrypted": m0034,
  "0035-indexes-at-scale": m0035,
  "0037-jobs-backups-mail": m0037,
  "0039-content-list-index": m0039,
  "0040-course-completion": m0040,
  "0041-record-history": m0041,
  "0042-waitlist": m0042,
  "0043-annual-transcripts": m0043,
  "0044-dashboard-constancias": m0044,
  "0045-maintenance-indexes": m0045,
};
