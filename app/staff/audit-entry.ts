import type { StaffRoleColumn } from "~/db.server";
import { formatDay } from "./teaching/format";
import {
  AUDIT_CENTAVOS_FIELDS,
  AUDIT_FILE_FIELDS,
  SENSITIVE_FIELD,
  actionInfo,
  entityInfo,
  fieldLabel,
  formatCentavos,
  readableKey,
  valueLabel,
  type AuditChange,
} from "./audit-registry";
import { STAFF_ROLE_LABELS } from "./staff";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

/**
 * One audit row in words (issue 21): who (name and role), did what (a verb phrase from the
 * registry), to which record (its name, linked to its staff page when there is one), when (es-MX,
 * Mexico City), and the changed fields as "campo: antes → después". Pure: the records' names and
 * addresses are looked up by audit-records.server.ts and passed in.
 */

export interface AuditRow {
  id: number;
  actorStaffId: number | null;
  /** The staff member's current name (the row keeps the e-mail and role they had). */
  actorName: string | null;
  actorEmail: string | null;
  actorRole: StaffRoleColumn | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: string | null;
  after: string | null;
  requestId: string | null;
  createdAt: string;
}

/** What the server found about a record: its name or a whole phrase, and its staff page. */
export interface AuditRecordRef {
  /** The record's name, after its noun: «Daño Cero». */
  name?: string;
  /** The whole phrase, when the noun and name are not enough: "la inscripción de Ana Ruiz a «Curso»". */
  phrase?: string;
  href?: string | null;
}

export interface AuditValueView {
  /** The value in words, shortened when long. */
  text: string;
  /** The whole value, when `text` is shortened. */
  full: string | null;
}

export interface AuditChangeView {
  field: string;
  /** Only `after`: a value of a new record; only `before`: what a removed one had; both: a change. */
  before: AuditValueView | null;
  after: AuditValueView | null;
}

export interface AuditEntryView {
  id: number;
  createdAt: string;
  /** When, in words (es-MX, Mexico City time): "3 mar 2026, 10:20:31". */
  when: string;
  who: string;
  role: string | null;
  verb: string;
  record: { text: string; href: string | null } | null;
  tail: string;
  /** The whole sentence as plain text. */
  sentence: string;
  changes: AuditChangeView[];
  requestId: string | null;
  /** The stored before/after, pretty-printed, secrets removed (for the collapsed «Datos técnicos»). */
  raw: string | null;
}

const TIME_ZONE = MEXICO_CITY_TIME_ZONE;
const whenWords = new Intl.DateTimeFormat("es-MX", { timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "medium", hourCycle: "h23" });
const instantWords = new Intl.DateTimeFormat("es-MX", { timeZone: TIME_ZONE, dateStyle: "medium", timeStyle: "short", hourCycle: "h23" });

/**
 * Values longer than this (or with line breaks) are shortened, with the whole text a click away:
 * a value alone keeps one line at 1280 px, a change (before → after) two.
 */
export const SHORT_VALUE_LENGTH = { alone: 90, changed: 50 };

function parseJson(value: string | null): Record<string, unknown> | null {
  if (value === null) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { valor: parsed };
  } catch {
    return { valor: value };
  }
}

/** Strings longer than this are cut in the technical data (the list of changes has them whole). */
const TECHNICAL_TEXT_LENGTH = 300;

/**
 * The stored before/after for «Datos técnicos»: every sensitive key's value replaced (at any
 * depth), long texts cut, so a page of long edits does not carry each text three times.
 */
export function technicalData(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(technicalData);
  if (value && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [key, SENSITIVE_FIELD.test(key) ? "(no se muestra)" : technicalData(inner)]),
    );
  }
  if (typeof value === "string" && value.length > TECHNICAL_TEXT_LENGTH) {
    return `${value.slice(0, TECHNICAL_TEXT_LENGTH)}… (${value.length.toLocaleString("es-MX")} caracteres)`;
  }
  return value;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const BOOLEAN_NUMBER_FIELDS = new Set(["course_able", "name_is_illustrative", "is_published", "is_active", "is_visible"]);

const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** A value in words, whole (shortening happens after). */
export function formatAuditValue(entity: string, field: string, value: unknown): string {
  if (SENSITIVE_FIELD.test(field)) return "(no se muestra)";
  if (value === null || value === undefined || value === "") return "(vacío)";
  if (typeof value === "boolean") return value ? "Sí" : "No";
  if (typeof value === "number") {
    if (AUDIT_CENTAVOS_FIELDS.has(field)) return formatCentavos(value) ?? String(value);
    if (BOOLEAN_NUMBER_FIELDS.has(field) && (value === 0 || value === 1)) return value === 1 ? "Sí" : "No";
    if (field === "bytes") return `${Math.max(1, Math.round(value / 1024)).toLocaleString("es-MX")} kB`;
    return valueLabel(entity, field, String(value)) ?? value.toLocaleString("es-MX");
  }
  if (typeof value === "string") {
    const words = valueLabel(entity, field, value);
    if (words) return words;
    if (AUDIT_FILE_FIELDS.has(field)) return `archivo ${value.slice(0, 8)}`;
    if (ISO_INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return instantWords.format(new Date(value));
    if (ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return formatDay(value);
    return value;
  }
  if (Array.isArray(value)) {
    if (value.length === 0) return "(ninguno)";
    const objects = value.some((item) => item && typeof item === "object");
    return value.map((item) => formatAuditValue(entity, field, item)).join(objects ? " · " : ", ");
  }
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, inner]) => !isEmpty(inner));
    if (entries.length === 0) return "(vacío)";
    return entries.map(([key, inner]) => `${fieldLabel(entity, key)}: ${formatAuditValue(entity, key, inner)}`).join("; ");
  }
  return String(value);
}

function shortened(text: string, limit: number): AuditValueView {
  const oneLine = text.replace(/\s+/g, " ").trim();
  if (oneLine.length <= limit && !/\n/.test(text.trim())) return { text: oneLine, full: null };
  const cut = oneLine.slice(0, limit);
  const atWord = cut.lastIndexOf(" ") > limit * 0.6 ? cut.slice(0, cut.lastIndexOf(" ")) : cut;
  return { text: `${atWord.trimEnd()}…`, full: text };
}

/** The fields a row changed, in words: unchanged ones and what the sentence already says are left out. */
export function auditChanges(entity: string, action: string, change: AuditChange): AuditChangeView[] {
  const said = new Set(actionInfo(action)?.said ?? []);
  const before = change.before;
  const after = change.after;
  const keys = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const view = (field: string, value: unknown, limit = SHORT_VALUE_LENGTH.alone) => shortened(formatAuditValue(entity, field, value), limit);
  const changes: AuditChangeView[] = [];
  for (const key of keys) {
    if (said.has(key)) continue;
    const inBefore = before !== null && Object.hasOwn(before, key);
    const inAfter = after !== null && Object.hasOwn(after, key);
    const old = inBefore ? before![key] : undefined;
    const now = inAfter ? after![key] : undefined;
    const label = fieldLabel(entity, key);
    if (inBefore && inAfter) {
      if (JSON.stringify(old) === JSON.stringify(now)) continue;
      changes.push({ field: label, before: view(key, old, SHORT_VALUE_LENGTH.changed), after: view(key, now, SHORT_VALUE_LENGTH.changed) });
    } else if (inAfter) {
      if (!isEmpty(now)) changes.push({ field: label, before: null, after: view(key, now) });
    } else if (!isEmpty(old)) {
      changes.push({ field: label, before: view(key, old), after: null });
    }
  }
  return changes;
}

/** A name the row itself keeps (a removed record is not in its table any more). */
function nameInRow(change: AuditChange): string | null {
  for (const side of [change.after, change.before]) {
    for (const key of ["title", "name", "label", "course_name", "page_title", "unit_name", "heading", "file_name"]) {
      const value = side?.[key];
      if (typeof value === "string" && value.trim()) return value.trim();
    }
  }
  return null;
}

function recordPhrase(row: AuditRow, change: AuditChange, ref: AuditRecordRef | undefined): string {
  if (ref?.phrase) return ref.phrase;
  const info = entityInfo(row.entity);
  const noun = info?.noun ?? `el registro «${readableKey(row.entity)}»`;
  const name = ref?.name ?? nameInRow(change);
  if (name) return info?.quoted === false ? name : `${noun} «${name}»`;
  return info?.unnamed?.(change) ?? (row.entityId ? `${noun} núm. ${row.entityId}` : noun);
}

function whoActed(row: AuditRow, change: AuditChange): { who: string; role: string | null } {
  if (row.actorRole) return { who: row.actorName ?? row.actorEmail ?? "Una persona del personal", role: STAFF_ROLE_LABELS[row.actorRole] };
  if (row.action.endsWith("publish_scheduled")) return { who: "El sistema", role: null };
  const cliName = change.after?.actor;
  if (typeof cliName === "string" && cliName.trim()) return { who: cliName.trim(), role: "línea de comandos" };
  return { who: "Alguien desde la línea de comandos", role: null };
}

/** One audit row as the Bitácora shows it. */
export function describeAuditEntry(row: AuditRow, ref: AuditRecordRef | undefined): AuditEntryView {
  const change: AuditChange = { before: parseJson(row.before), after: parseJson(row.after) };
  const info = actionInfo(row.action);
  const { who, role } = whoActed(row, change);
  let verb = info ? (typeof info.verb === "string" ? info.verb : info.verb(change)) : `hizo «${readableKey(row.action)}» en`;
  let record: AuditEntryView["record"] = null;
  if (!info?.self) {
    let text = recordPhrase(row, change, ref);
    // "de el curso" → "del curso", "a el menú" → "al menú".
    if (/\s(de|a)$/.test(verb) && text.startsWith("el ")) {
      verb += "l";
      text = text.slice(3);
    }
    record = { text, href: ref?.href ?? null };
  }
  const tail = info?.tail ? info.tail(change) : "";
  const sentence = `${who}${role ? ` (${role})` : ""} ${verb}${record ? ` ${record.text}` : ""}${tail}.`;
  const raw =
    row.before === null && row.after === null ? null : JSON.stringify(technicalData({ antes: change.before, después: change.after }), null, 2);
  return {
    id: row.id,
    createdAt: row.createdAt,
    when: whenWords.format(new Date(row.createdAt)),
    who,
    role,
    verb,
    record,
    tail,
    sentence,
    changes: auditChanges(row.entity, row.action, change),
    requestId: row.requestId,
    raw,
  };
}
