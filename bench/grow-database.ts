/**
 * Grows a migrated and seeded demo database to `factor` times the data of a small hospital year
 * (issue 22): at --factor 100, 50,000 participants, 100,000 enrolments, 2,000 courses, 5,000
 * information pages, 200,000 audit rows, with the payments, documents, donations and invoice
 * requests that go with them. Deterministic: a seeded PRNG and a fixed "now" (--now), so the same
 * base and arguments give the same rows (the printed digest says so).
 *
 *   node --import tsx bench/grow-database.ts --factor 100 --out /tmp/himfg-100x.db
 *   node --import tsx bench/grow-database.ts --factor 10 --from data/himfg.db --out /tmp/himfg-10x.db
 *
 * Without --from, the demo database is made first (migrations and seed steps, as `npm start`
 * does). Everything is inserted in one transaction with prepared statements.
 *
 * `growAuditLog` is exported for other tools and tests that need a long audit log (the Bitácora).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { MODALITY, type ModalityId } from "../app/courses/modality";
import { sealTotpSecret } from "../app/staff/totp-secrets.server";

/** What one unit of --factor adds (×100 gives the figures of issue 22). */
export const PER_FACTOR = {
  participants: 500,
  enrolments: 1_000,
  courses: 20,
  contentPages: 50,
  auditRows: 2_000,
  donations: 50,
} as const;

/** The default "now" of the grown data: fixed, so every run writes the same rows. */
export const DEFAULT_NOW = "2026-11-15T18:00:00.000Z";

/** The password of every grown participant and staff member (the bench signs in with it). */
export const GROWN_PASSWORD = "Pediatria-2026!";

const DAY = 86_400_000;
const YEARS = 5;

// ---------------------------------------------------------------------------------------------
// A small seeded PRNG (sfc32) and the draws the generator needs.

export class Random {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i++) this.next();
  }

  /** A float in [0, 1). */
  next(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return (t >>> 0) / 4294967296;
  }

  int(maxExclusive: number): number {
    return Math.floor(this.next() * maxExclusive);
  }

  between(min: number, maxInclusive: number): number {
    return min + this.int(maxInclusive - min + 1);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  /** One of the values, by weight. */
  weighted<T>(table: readonly (readonly [T, number])[]): T {
    let total = 0;
    for (const [, weight] of table) total += weight;
    let roll = this.next() * total;
    for (const [value, weight] of table) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return table[table.length - 1]![0];
  }

  bytes(n: number): Buffer {
    const out = Buffer.alloc(n);
    for (let i = 0; i < n; i++) out[i] = this.int(256);
    return out;
  }

  digits(n: number): string {
    let out = "";
    for (let i = 0; i < n; i++) out += String(this.int(10));
    return out;
  }

  uuid(): string {
    const hex = this.bytes(16).toString("hex");
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
  }
}

/** A sampler over a weighted table that draws in O(log n) (surnames, courses). */
function cumulative<T>(table: readonly (readonly [T, number])[]) {
  const values = table.map(([value]) => value);
  const sums: number[] = [];
  let total = 0;
  for (const [, weight] of table) sums.push((total += weight));
  return (random: Random): T => {
    const roll = random.next() * total;
    let lo = 0;
    let hi = sums.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (sums[mid]! > roll) hi = mid;
      else lo = mid + 1;
    }
    return values[lo]!;
  };
}

// ---------------------------------------------------------------------------------------------
// Word lists.

/** Surnames with roughly their weight among Mexicans (Hernández and García far ahead). */
const SURNAMES: readonly (readonly [string, number])[] = [
  ["Hernández", 60],
  ["García", 42],
  ["Martínez", 38],
  ["López", 34],
  ["González", 31],
  ["Pérez", 24],
  ["Rodríguez", 23],
  ["Sánchez", 22],
  ["Ramírez", 21],
  ["Cruz", 16],
  ["Flores", 15],
  ["Gómez", 15],
  ["Morales", 12],
  ["Vázquez", 12],
  ["Reyes", 12],
  ["Jiménez", 11],
  ["Torres", 11],
  ["Díaz", 10],
  ["Gutiérrez", 10],
  ["Ruiz", 9],
  ["Mendoza", 9],
  ["Aguilar", 9],
  ["Ortiz", 8],
  ["Moreno", 8],
  ["Castillo", 8],
  ["Romero", 8],
  ["Álvarez", 7],
  ["Méndez", 7],
  ["Chávez", 7],
  ["Rivera", 7],
  ["Juárez", 7],
  ["Ramos", 6],
  ["Domínguez", 6],
  ["Herrera", 6],
  ["Medina", 6],
  ["Castro", 6],
  ["Vargas", 5],
  ["Guzmán", 5],
  ["Velázquez", 5],
  ["Muñoz", 5],
  ["Rojas", 5],
  ["de la Cruz", 4],
  ["Contreras", 4],
  ["Salazar", 4],
  ["Luna", 4],
  ["Ortega", 4],
  ["Santiago", 4],
  ["Guerrero", 4],
  ["Estrada", 4],
  ["Bautista", 4],
  ["Cortés", 3],
  ["Soto", 3],
  ["Alvarado", 3],
  ["Espinoza", 3],
  ["Lara", 3],
  ["Ávila", 3],
  ["Ríos", 3],
  ["Cervantes", 3],
  ["Silva", 3],
  ["Delgado", 3],
  ["Vega", 3],
  ["Márquez", 3],
  ["Sandoval", 3],
  ["Carrillo", 3],
  ["León", 3],
  ["Mejía", 2],
  ["Solís", 2],
  ["Núñez", 2],
  ["Rosas", 2],
  ["Valdez", 2],
  ["Ibarra", 2],
  ["Campos", 2],
  ["Santos", 2],
  ["Camacho", 2],
  ["Navarro", 2],
  ["Peña", 2],
  ["Maldonado", 2],
  ["Rosales", 2],
  ["Acosta", 2],
  ["Miranda", 2],
  ["Trejo", 2],
  ["Valencia", 2],
  ["Nava", 2],
  ["Pacheco", 2],
  ["Huerta", 2],
  ["Padilla", 2],
  ["Cabrera", 2],
  ["Fuentes", 2],
  ["Ayala", 2],
  ["Ochoa", 2],
  ["Zúñiga", 1],
  ["Villanueva", 1],
  ["Galindo", 1],
  ["Arellano", 1],
  ["Olvera", 1],
  ["Tapia", 1],
  ["Quintero", 1],
  ["Benítez", 1],
  ["Zamora", 1],
  ["Barrera", 1],
  ["Escobar", 1],
  ["Montes de Oca", 1],
  ["Xochitiotzi", 0.2],
  ["Tlatelpa", 0.2],
  ["Ixtlahuaca", 0.1],
];

const FEMALE_NAMES = [
  "María",
  "Guadalupe",
  "Juana",
  "Margarita",
  "Verónica",
  "Leticia",
  "Rosa",
  "Patricia",
  "Alejandra",
  "Elizabeth",
  "Gabriela",
  "Adriana",
  "Ana",
  "Fernanda",
  "Daniela",
  "Mariana",
  "Sofía",
  "Valeria",
  "Ximena",
  "Andrea",
  "Paola",
  "Karla",
  "Brenda",
  "Diana",
  "Claudia",
  "Laura",
  "Silvia",
  "Mónica",
  "Itzel",
  "Citlali",
] as const;

const MALE_NAMES = [
  "José",
  "Juan",
  "Luis",
  "Carlos",
  "Jorge",
  "Miguel",
  "Francisco",
  "Alejandro",
  "Jesús",
  "Antonio",
  "Eduardo",
  "Ricardo",
  "Fernando",
  "Roberto",
  "Daniel",
  "Sergio",
  "Arturo",
  "Javier",
  "Manuel",
  "Héctor",
  "Óscar",
  "Raúl",
  "Diego",
  "Emiliano",
  "Santiago",
  "Mateo",
  "Iván",
  "Omar",
  "Ángel",
  "Cuauhtémoc",
] as const;

const FEMALE_SECOND_NAMES = ["", "", "", "", "", "del Carmen", "Isabel", "Luisa", "Eugenia", "Guadalupe", "Fernanda"] as const;
const MALE_SECOND_NAMES = ["", "", "", "", "", "Antonio", "Alberto", "de Jesús", "Ángel", "Manuel", "Guadalupe"] as const;

/** States of residence, weighted toward the hospital's catchment (Mexico City and its state). */
const STATES: readonly (readonly [string, number])[] = [
  ["Ciudad de México", 34],
  ["Estado de México", 20],
  ["Hidalgo", 4],
  ["Puebla", 4],
  ["Morelos", 3],
  ["Guerrero", 3],
  ["Veracruz", 3],
  ["Oaxaca", 3],
  ["Michoacán", 2],
  ["Querétaro", 2],
  ["Jalisco", 2],
  ["Tlaxcala", 2],
  ["Guanajuato", 2],
  ["Chiapas", 2],
  ["Nuevo León", 1],
  ["San Luis Potosí", 1],
  ["Tabasco", 1],
  ["Yucatán", 1],
  ["Sonora", 1],
  ["Chihuahua", 1],
  ["Baja California", 1],
  ["Sinaloa", 1],
  ["Tamaulipas", 1],
  ["Zacatecas", 1],
  ["Aguascalientes", 0.5],
  ["Durango", 0.5],
  ["Coahuila", 0.5],
  ["Nayarit", 0.5],
  ["Colima", 0.5],
  ["Quintana Roo", 0.5],
  ["Campeche", 0.5],
  ["Baja California Sur", 0.5],
];

const GRADES = ["Médico", "Enfermero(a)", "Biólogo", "Químico", "Odontólogo", "Trabajador(a) social", "Nutriólogo(a)", "Psicólogo(a)"] as const;
const INSTITUTIONS = ["IMSS", "SSA", "ISSSTE", "GDF", "Hospital General de México", "Instituto Nacional de Pediatría", "Práctica privada"] as const;
const UNIVERSITIES = ["UNAM", "IPN", "UAM", "Universidad Anáhuac", "Universidad La Salle", "BUAP", "UAEMéx", "Universidad de Guadalajara"] as const;
const MAIL_DOMAINS = ["gmail.com", "hotmail.com", "outlook.com", "yahoo.com.mx", "live.com.mx", "icloud.com"] as const;

const COURSE_KINDS = ["Curso de", "Diplomado en", "Taller de", "Jornada de", "Simposio de", "Actualización en", "Seminario de"] as const;
const SPECIALTIES = [
  "Neonatología",
  "Urgencias Pediátricas",
  "Infectología Pediátrica",
  "Cardiología Pediátrica",
  "Nutrición Pediátrica",
  "Oncología Pediátrica",
  "Nefrología Pediátrica",
  "Neumología Pediátrica",
  "Gastroenterología Pediátrica",
  "Endocrinología Pediátrica",
  "Hematología Pediátrica",
  "Neurología Pediátrica",
  "Cirugía Pediátrica",
  "Anestesiología Pediátrica",
  "Terapia Intensiva Pediátrica",
  "Reanimación Neonatal",
  "Cuidados Paliativos Pediátricos",
  "Enfermería Pediátrica",
  "Lactancia Materna",
  "Farmacología Pediátrica",
  "Bioética en Pediatría",
  "Electrocardiografía Pediátrica",
  "Dermatología Pediátrica",
  "Inmunología y Alergia",
  "Genética Médica",
  "Salud Mental Infantil",
  "Radiología Pediátrica",
  "Rehabilitación Pediátrica",
  "Trasplante Renal Pediátrico",
  "Investigación Clínica",
] as const;

const PAGE_TOPICS = [
  ["boletin", "Boletín"],
  ["avisos", "Aviso"],
  ["comunicados", "Comunicado"],
  ["eventos", "Evento"],
  ["salud-infantil", "Salud infantil"],
  ["investigacion-clinica", "Investigación clínica"],
  ["ensenanza-continua", "Enseñanza continua"],
  ["servicios", "Servicio"],
] as const;

const PAGE_WORDS = (
  "el hospital infantil atiende a niñas niños y adolescentes de todo el país con servicios de alta especialidad " +
  "la consulta externa recibe cada día a cientos de familias que llegan desde otros estados y el personal de enfermería " +
  "acompaña cada etapa del tratamiento la investigación clínica busca mejores terapias para el cáncer infantil las " +
  "cardiopatías congénitas y las enfermedades renales los residentes se forman junto a médicos adscritos en sesiones " +
  "académicas diarias el programa de vacunación la detección oportuna y la orientación nutricional forman parte de la " +
  "atención integral que ofrece el instituto a la población sin seguridad social"
).split(" ");

/** The smallest JPEG the upload check accepts: a private identity document's stand-in (every one the same bytes). */
const DOCUMENT_BYTES = Buffer.from("ffd8ffe000104a46494600010100000100010000ffdb004300" + "08".repeat(64) + "ffd9", "hex");
const RECEIPT_BYTES = Buffer.from("%PDF-1.4\n% comprobante de pago (ejemplo)\n%%EOF\n", "latin1");
const CONSTANCIA_BYTES = Buffer.from("%PDF-1.4\n% constancia de situación fiscal (ejemplo)\n%%EOF\n", "utf8");

// ---------------------------------------------------------------------------------------------

function fold(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const iso = (ms: number) => new Date(ms).toISOString();
const sha256 = (data: Buffer) => crypto.createHash("sha256").update(data).digest("hex");

/** A scrypt hash in the app's encoding (app/accounts/passwords.server.ts) with a salt from the PRNG: the same every run. */
function deterministicPasswordHash(password: string, random: Random): string {
  const salt = random.bytes(16);
  const key = crypto.scryptSync(password.normalize("NFC"), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 256 * 2 ** 15 * 8 });
  return ["scrypt", "v1", 15, 8, 1, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/** One hash over everything inserted, in order: equal digests mean equal rows. */
class Digest {
  private readonly hash = crypto.createHash("sha256");
  add(table: string, values: readonly unknown[]) {
    this.hash.update(table);
    for (const value of values) this.hash.update(Buffer.isBuffer(value) ? value.toString("base64") : `\u0001${String(value)}`);
  }
  hex() {
    return this.hash.digest("hex");
  }
}

type Sqlite = Database.Database;

/** A prepared INSERT of these columns into the table, feeding the digest. */
function inserter(sqlite: Sqlite, digest: Digest, table: string, columns: readonly string[]) {
  const statement = sqlite.prepare(`INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`);
  let rows = 0;
  const insert = (...values: unknown[]) => {
    digest.add(table, values);
    rows++;
    return statement.run(...values);
  };
  return Object.assign(insert, { count: () => rows });
}

function maxOf(sqlite: Sqlite, table: string, column: string, floor: number): number {
  const row = sqlite.prepare(`SELECT max(${column}) AS m FROM ${table}`).get() as { m: number | null };
  return Math.max(floor, row.m ?? 0);
}

/** The first id of `size` consecutive ids in [low, high] that no row of `table` uses. */
function freeIdRun(sqlite: Sqlite, table: string, low: number, high: number, size: number): number {
  const used = (sqlite.prepare(`SELECT id FROM ${table} WHERE id BETWEEN ? AND ? ORDER BY id`).all(low, high) as { id: number }[]).map(
    (row) => row.id,
  );
  let start = low;
  for (const id of used) {
    if (id - start >= size) return start;
    start = Math.max(start, id + 1);
  }
  if (high + 1 - start >= size) return start;
  throw new Error(`no ${size} free ${table} ids left in ${low}–${high}`);
}

function countOf(sqlite: Sqlite, table: string): number {
  return (sqlite.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

// ---------------------------------------------------------------------------------------------
// Staff and the audit log.

export interface GrownStaff {
  id: number;
  email: string;
  name: string;
  role: "admin" | "ensenanza" | "comunicacion" | "finanzas";
}

const STAFF_PEOPLE: readonly (readonly [string, GrownStaff["role"]])[] = [
  ["Laura Méndez Ortiz", "admin"],
  ["Jorge Salinas Ruiz", "admin"],
  ["Patricia Nava Herrera", "ensenanza"],
  ["Ricardo Torres León", "ensenanza"],
  ["Mónica Aguilar Soto", "ensenanza"],
  ["Héctor Ramírez Cruz", "ensenanza"],
  ["Adriana Flores Vega", "comunicacion"],
  ["Daniel Ortega Ríos", "comunicacion"],
  ["Itzel Camacho Luna", "comunicacion"],
  ["Verónica Ibarra Peña", "finanzas"],
  ["Sergio Valdez Campos", "finanzas"],
  ["Claudia Rosales Mejía", "finanzas"],
];

/** The grown staff members (active, the grown password, a TOTP secret), made once per database. */
export function ensureGrownStaff(sqlite: Sqlite, random: Random, passwordHash: string, createdAt: string): GrownStaff[] {
  const find = sqlite.prepare("SELECT id, email, name, role FROM staff_members WHERE email = ?");
  const insert = sqlite.prepare(
    "INSERT INTO staff_members (id, email, name, role, status, password_hash, totp_secret, created_at, updated_at) VALUES (?, ?, ?, ?, 'activa', ?, ?, ?, ?)",
  );
  const nextId = sqlite.prepare("SELECT coalesce(max(id), 0) + 1 AS id FROM staff_members");
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  return STAFF_PEOPLE.map(([name, role]) => {
    const email = `${fold(name).replace(/-/g, ".")}@himfg.edu.mx`;
    const secret = Array.from({ length: 32 }, () => alphabet[random.int(32)]).join("");
    const existing = find.get(email) as GrownStaff | undefined;
    if (existing) return existing;
    // Stored as the site stores it: sealed with the configured key and bound to the row (decision 0034).
    const id = (nextId.get() as { id: number }).id;
    insert.run(id, email, name, role, passwordHash, sealTotpSecret(secret, { staffId: id }), createdAt, createdAt);
    return { id, email, name, role };
  });
}

interface AuditKind {
  action: string;
  entity: string;
  roles: readonly GrownStaff["role"][];
  weight: number;
  /** The id range the entity_id is drawn from (the grown rows), or null for no id. */
  ids: "participant_document" | "enrolment" | "course" | "content_page" | "donation" | "invoice_request" | "participant" | null;
  after: (random: Random) => unknown;
  before?: (random: Random) => unknown;
}

const AUDIT_KINDS: readonly AuditKind[] = [
  {
    action: "documento.aprobar",
    entity: "participant_document",
    roles: ["ensenanza"],
    weight: 30,
    ids: "participant_document",
    before: () => ({ status: "pendiente" }),
    after: () => ({ status: "aprobado" }),
  },
  {
    action: "documento.rechazar",
    entity: "participant_document",
    roles: ["ensenanza"],
    weight: 3,
    ids: "participant_document",
    before: () => ({ status: "pendiente" }),
    after: (r) => ({ status: "rechazado", reason: r.pick(["La imagen es ilegible.", "La credencial no está vigente.", "Falta el reverso."]) }),
  },
  {
    action: "documento.ver",
    entity: "participant_document",
    roles: ["ensenanza", "admin"],
    weight: 22,
    ids: "participant_document",
    after: (r) => ({ kind: r.pick(["staff_id_front", "student_id_front", "professional_license"]) }),
  },
  {
    action: "inscripcion.confirmar_por_revision",
    entity: "enrolment",
    roles: ["ensenanza"],
    weight: 6,
    ids: "enrolment",
    before: () => ({ status: "pendiente_de_revision" }),
    after: () => ({ status: "confirmada" }),
  },
  {
    action: "inscripcion.manual",
    entity: "enrolment",
    roles: ["ensenanza"],
    weight: 1,
    ids: "enrolment",
    after: () => ({ status: "confirmada", reason: "Ponente invitado" }),
  },
  {
    action: "pago.registrar_fuera_de_linea",
    entity: "offline_payment",
    roles: ["ensenanza", "finanzas"],
    weight: 6,
    ids: "enrolment",
    after: (r) => ({ method: r.pick(["transferencia", "ventanilla", "tienda"]), amount_centavos: r.between(5, 180) * 10_000 }),
  },
  {
    action: "pago.reembolsar",
    entity: "refund",
    roles: ["finanzas"],
    weight: 0.5,
    ids: "enrolment",
    after: (r) => ({ amount_centavos: r.between(5, 180) * 10_000, reason: "Baja del curso" }),
  },
  {
    action: "pago.confirmar_manual",
    entity: "payment_attempt",
    roles: ["finanzas"],
    weight: 1,
    ids: "enrolment",
    after: (r) => ({ referencia: r.digits(12) }),
  },
  {
    action: "factura.marcar",
    entity: "invoice_request",
    roles: ["finanzas"],
    weight: 3,
    ids: "invoice_request",
    after: (r) => ({ cfdi_folio: `A-${r.digits(6)}` }),
  },
  { action: "factura.constancia.ver", entity: "invoice_request", roles: ["finanzas"], weight: 2, ids: "invoice_request", after: () => null },
  { action: "donativo.archivo.ver", entity: "donation", roles: ["finanzas"], weight: 1, ids: "donation", after: () => ({ kind: "constancia" }) },
  {
    action: "donativos.exportar",
    entity: "donation",
    roles: ["finanzas"],
    weight: 0.5,
    ids: null,
    after: (r) => ({ format: r.pick(["csv", "xlsx"]), rows: r.between(10, 900) }),
  },
  {
    action: "pagos.exportar",
    entity: "ledger",
    roles: ["finanzas"],
    weight: 0.5,
    ids: null,
    after: (r) => ({ format: r.pick(["csv", "xlsx"]), rows: r.between(10, 3000) }),
  },
  {
    action: "asistencia.exportar",
    entity: "course",
    roles: ["ensenanza"],
    weight: 4,
    ids: "course",
    after: (r) => ({ format: r.pick(["csv", "xlsx"]), rows: r.between(5, 400) }),
  },
  {
    action: "curso.crear",
    entity: "course",
    roles: ["ensenanza"],
    weight: 1,
    ids: "course",
    after: (r) => ({ course_name: `${r.pick(COURSE_KINDS)} ${r.pick(SPECIALTIES)}` }),
  },
  {
    action: "curso.editar",
    entity: "course",
    roles: ["ensenanza"],
    weight: 5,
    ids: "course",
    before: () => ({ course_able: 1 }),
    after: () => ({ course_able: 1 }),
  },
  { action: "curso.archivar", entity: "course", roles: ["ensenanza"], weight: 1, ids: "course", after: () => ({ archived: true }) },
  {
    action: "page.update",
    entity: "content_page",
    roles: ["comunicacion"],
    weight: 6,
    ids: "content_page",
    after: (r) => ({ changed: [r.pick(["title", "body", "summary"])] }),
  },
  { action: "page.create", entity: "content_page", roles: ["comunicacion"], weight: 2, ids: "content_page", after: () => ({ status: "publicada" }) },
  { action: "banner.move", entity: "banner", roles: ["comunicacion"], weight: 0.5, ids: null, after: (r) => ({ position: r.between(1, 8) }) },
  {
    action: "gallery_image.update",
    entity: "gallery_image",
    roles: ["comunicacion"],
    weight: 0.5,
    ids: null,
    after: () => ({ caption: "Actualizada" }),
  },
  { action: "menu_link.update", entity: "menu_link", roles: ["comunicacion"], weight: 0.3, ids: null, after: () => ({ label: "Actualizado" }) },
  { action: "settings.update", entity: "site_settings", roles: ["admin"], weight: 0.2, ids: null, after: () => ({ key: "phone" }) },
  {
    action: "staff.invite",
    entity: "staff_member",
    roles: ["admin"],
    weight: 0.1,
    ids: null,
    after: (r) => ({ role: r.pick(["ensenanza", "finanzas", "comunicacion"]) }),
  },
];

export interface AuditGrowth {
  rows: number;
  staff: GrownStaff[];
}

/**
 * Appends `rows` audit rows spread evenly (ids and times rising together) between `from` and
 * `to`, by the grown staff (made if missing), with the actions the site writes and entity ids
 * drawn from the rows that exist. Runs inside the caller's transaction when there is one. The
 * same arguments on the same database give the same rows.
 */
export function growAuditLog(
  sqlite: Sqlite,
  options: { rows: number; seed?: number; from: Date; to: Date; digest?: Digest; passwordHash?: string },
): AuditGrowth {
  const random = new Random(options.seed ?? 2202);
  const digest = options.digest ?? new Digest();
  const passwordHash = options.passwordHash ?? deterministicPasswordHash(GROWN_PASSWORD, random);
  const staff = ensureGrownStaff(sqlite, random, passwordHash, options.from.toISOString());
  const byRole = new Map<GrownStaff["role"], GrownStaff[]>();
  for (const member of staff) byRole.set(member.role, [...(byRole.get(member.role) ?? []), member]);
  const ranges = {
    participant_document: rangeOf(sqlite, "participant_documents", "id"),
    enrolment: rangeOf(sqlite, "enrolments", "id"),
    course: rangeOf(sqlite, "courses", "course_id"),
    content_page: rangeOf(sqlite, "content_pages", "id"),
    donation: rangeOf(sqlite, "donations", "id"),
    invoice_request: rangeOf(sqlite, "invoice_requests", "id"),
    participant: rangeOf(sqlite, "participants", "id"),
  };
  const pickKind = cumulative(AUDIT_KINDS.map((kind) => [kind, kind.weight] as const));
  const insert = inserter(sqlite, digest, "audit_log", [
    "actor_staff_id",
    "actor_email",
    "actor_role",
    "action",
    "entity",
    "entity_id",
    "before_json",
    "after_json",
    "request_id",
    "created_at",
  ]);
  const start = options.from.getTime();
  const span = options.to.getTime() - start;
  for (let i = 0; i < options.rows; i++) {
    const kind = pickKind(random);
    const role = random.chance(0.05) ? "admin" : random.pick(kind.roles);
    const actor = random.pick(byRole.get(role) ?? staff);
    const range = kind.ids ? ranges[kind.ids] : null;
    const entityId = range ? String(range.min + random.int(range.max - range.min + 1)) : null;
    const at = start + Math.floor(((i + random.next()) / options.rows) * span);
    insert(
      actor.id,
      actor.email,
      actor.role,
      kind.action,
      kind.entity,
      entityId,
      kind.before ? JSON.stringify(kind.before(random)) : null,
      JSON.stringify(kind.after(random)),
      random.uuid(),
      iso(at),
    );
  }
  return { rows: insert.count(), staff };
}

function rangeOf(sqlite: Sqlite, table: string, column: string): { min: number; max: number } | null {
  const row = sqlite.prepare(`SELECT min(${column}) AS lo, max(${column}) AS hi FROM ${table}`).get() as { lo: number | null; hi: number | null };
  return row.lo === null || row.hi === null ? null : { min: row.lo, max: row.hi };
}

// ---------------------------------------------------------------------------------------------
// The whole growth.

export interface GrowOptions {
  factor: number;
  /** The grown data's "now" (default DEFAULT_NOW). */
  now?: Date;
  seed?: number;
  log?: (message: string) => void;
}

export interface GrowReport {
  factor: number;
  now: string;
  /** Rows per table after growing. */
  counts: Record<string, number>;
  /** SHA-256 over every inserted row, in order. */
  digest: string;
  milliseconds: number;
}

const COUNTED_TABLES = [
  "participants",
  "participant_documents",
  "stored_files",
  "courses",
  "enrolments",
  "payment_attempts",
  "payment_events",
  "offline_payments",
  "refunds",
  "manual_enrolments",
  "invoice_requests",
  "donations",
  "content_pages",
  "staff_members",
  "audit_log",
] as const;

/** Grows the open database in one transaction; see the file's comment. */
export function growDatabase(sqlite: Sqlite, options: GrowOptions): GrowReport {
  const started = performance.now();
  const factor = options.factor;
  if (!(factor > 0) || !Number.isFinite(factor)) throw new Error("--factor must be a positive number");
  const now = options.now ?? new Date(DEFAULT_NOW);
  const log = options.log ?? (() => {});
  const random = new Random(options.seed ?? 22);
  const digest = new Digest();
  const nowMs = now.getTime();
  const startMs = nowMs - YEARS * 365 * DAY;
  const passwordHash = deterministicPasswordHash(GROWN_PASSWORD, random);

  sqlite.transaction(() => {
    const staff = ensureGrownStaff(sqlite, random, passwordHash, iso(startMs));
    const staffOf = (role: GrownStaff["role"]) => staff.filter((member) => member.role === role);
    const teaching = staffOf("ensenanza");
    const finance = staffOf("finanzas");

    const storeFile = inserter(sqlite, digest, "stored_files", [
      "id",
      "file_name",
      "content_type",
      "byte_size",
      "sha256",
      "data",
      "visibility",
      "created_at",
    ]);
    const documentSha = sha256(DOCUMENT_BYTES);
    const receiptSha = sha256(RECEIPT_BYTES);
    const newFile = (name: string, type: string, data: Buffer, sha: string, at: string) => {
      const id = random.uuid();
      storeFile(id, name, type, data.length, sha, data, "private", at);
      return id;
    };
    const constanciaId = newFile("constancia-situacion-fiscal.pdf", "application/pdf", CONSTANCIA_BYTES, sha256(CONSTANCIA_BYTES), iso(startMs));

    // --- Participants and their documents.
    const participantTarget = Math.round(PER_FACTOR.participants * factor);
    // A free run of ids in 450000–899999: the base may hold a participant anywhere in it (the
    // bench's own signed-in participant gets a random number).
    const firstParticipant = freeIdRun(sqlite, "participants", 450_000, 899_999, participantTarget);
    const insertParticipant = inserter(sqlite, digest, "participants", [
      "id",
      "name",
      "grade",
      "institution",
      "email",
      "password_hash",
      "age",
      "graduated",
      "nationality",
      "state",
      "phone",
      "role",
      "created_at",
      "updated_at",
    ]);
    const insertDocument = inserter(sqlite, digest, "participant_documents", [
      "participant_id",
      "kind",
      "file_id",
      "status",
      "rejection_reason",
      "reviewed_at",
      "reviewed_by",
      "created_at",
      "updated_at",
    ]);
    const surname = cumulative(SURNAMES);
    const state = cumulative(STATES);
    // A fifth of the accounts came over from the old site at launch; the rest registered over five years.
    const imported = Math.floor(participantTarget * 0.2);
    const participantTime: number[] = [];
    const participantRole: ("PERSONAL_HIMFG" | "ESTUDIANTE" | "EXTERNO")[] = [];
    const participantName: string[] = [];
    for (let i = 0; i < participantTarget; i++) {
      const id = firstParticipant + i;
      const at =
        i < imported
          ? startMs + Math.floor((i / imported) * 3_600_000)
          : startMs + DAY + Math.floor(((i - imported + random.next()) / (participantTarget - imported)) * (nowMs - startMs - 2 * DAY));
      const female = random.chance(0.62);
      const first = female ? random.pick(FEMALE_NAMES) : random.pick(MALE_NAMES);
      const second = random.pick(female ? FEMALE_SECOND_NAMES : MALE_SECOND_NAMES);
      const given = second ? `${first} ${second}` : first;
      const family1 = surname(random);
      const family2 = random.chance(0.97) ? surname(random) : "";
      const name = [given, family1, family2].filter(Boolean).join(" ");
      const role = random.weighted([
        ["EXTERNO", 50],
        ["ESTUDIANTE", 30],
        ["PERSONAL_HIMFG", 20],
      ] as const);
      const grade = role === "ESTUDIANTE" ? "ESTUDIANTE" : random.pick(GRADES);
      const institution = role === "PERSONAL_HIMFG" ? "HIMFG" : role === "ESTUDIANTE" ? random.pick(UNIVERSITIES) : random.pick(INSTITUTIONS);
      const email = `${fold(first).replace(/-/g, "")}.${fold(family1).replace(/-/g, "")}${id}@${role === "PERSONAL_HIMFG" && random.chance(0.5) ? "himfg.edu.mx" : random.pick(MAIL_DOMAINS)}`;
      const age = role === "ESTUDIANTE" ? random.between(19, 30) : random.between(24, 66);
      const stamp = iso(at);
      insertParticipant(
        id,
        name,
        grade,
        institution,
        email,
        passwordHash,
        age,
        random.chance(0.7) ? "SÍ" : "NO",
        random.chance(0.97) ? "Mexicana" : random.pick(["Guatemalteca", "Colombiana", "Venezolana", "Hondureña"]),
        state(random),
        `55${random.digits(8)}`,
        role,
        stamp,
        stamp,
      );
      participantTime.push(at);
      participantRole.push(role);
      participantName.push(name);

      // The documents their profile proves itself with; recent ones still wait for review.
      const kinds =
        role === "PERSONAL_HIMFG"
          ? ["staff_id_front", "staff_id_back"]
          : role === "ESTUDIANTE"
            ? ["student_id_front", "student_id_back"]
            : ["professional_license"];
      const recent = nowMs - at < 30 * DAY;
      for (const kind of kinds) {
        const status = recent
          ? random.weighted([
              ["pendiente", 70],
              ["aprobado", 28],
              ["rechazado", 2],
            ] as const)
          : random.weighted([
              ["aprobado", 97],
              ["pendiente", 1.5],
              ["rechazado", 1.5],
            ] as const);
        const reviewedAt = status === "pendiente" ? null : iso(Math.min(nowMs - 60_000, at + random.between(1, 72) * 3_600_000));
        const fileId = newFile(`${kind.replace(/_/g, "-")}.jpg`, "image/jpeg", DOCUMENT_BYTES, documentSha, stamp);
        insertDocument(
          id,
          kind,
          fileId,
          status,
          status === "rechazado"
            ? random.pick(["La imagen es ilegible.", "La credencial no está vigente.", "El documento no corresponde al perfil."])
            : null,
          reviewedAt,
          reviewedAt ? random.pick(teaching).name : null,
          stamp,
          reviewedAt ?? stamp,
        );
      }
    }
    log(`participants: ${insertParticipant.count()} (documents ${insertDocument.count()})`);

    // --- Courses: every year's offer, most of it past (closed or archived), some open ahead.
    const courseTotal = Math.round(PER_FACTOR.courses * factor);
    const courseTarget = Math.max(0, courseTotal - countOf(sqlite, "courses"));
    const firstCourse = maxOf(sqlite, "courses", "course_id", 1000) + 1;
    const insertCourse = inserter(sqlite, digest, "courses", [
      "course_id",
      "course_name",
      "course_summary",
      "course_start_date",
      "course_finish_date",
      "course_price",
      "course_student_price",
      "course_employee_price",
      "course_url",
      "course_able",
      "course_max_range",
      "modality_id",
      "month_id",
      "capacity_wording",
      "venue",
      "online_access_url",
      "created_at",
      "updated_at",
      "archived_at",
    ]);
    interface GrownCourse {
      id: number;
      start: number;
      finish: number;
      modality: ModalityId;
      capacity: number;
      prices: { EXTERNO: number; ESTUDIANTE: number; PERSONAL_HIMFG: number };
      weight: number;
    }
    const courses: GrownCourse[] = [];
    const starts = Array.from(
      { length: courseTarget },
      () => startMs + 20 * DAY + Math.floor(random.next() * (nowMs + 330 * DAY - startMs - 20 * DAY)),
    ).sort((a, b) => a - b);
    for (let i = 0; i < courseTarget; i++) {
      const id = firstCourse + i;
      const start = Math.floor(starts[i]! / DAY) * DAY;
      const finish = start + random.pick([0, 1, 2, 4, 4, 11, 25, 150]) * DAY;
      const kind = random.pick(COURSE_KINDS);
      const specialty = random.pick(SPECIALTIES);
      const year = new Date(start).getUTCFullYear();
      const big = i === Math.floor(courseTarget * 0.9);
      const name = big ? `Congreso Internacional de Pediatría ${year}` : `${kind} ${specialty} ${year}`;
      const modality: ModalityId = big
        ? MODALITY.EN_LINEA
        : random.weighted([
            [MODALITY.PRESENCIAL, 35],
            [MODALITY.EN_LINEA, 35],
            [MODALITY.PRESENCIAL_Y_EN_LINEA, 30],
          ] as const);
      const capacity = modality === MODALITY.EN_LINEA ? 0 : random.between(15, 60);
      const free = random.chance(0.1);
      const external = free ? 0 : random.between(5, 180) * 10_000;
      const prices = {
        EXTERNO: external,
        ESTUDIANTE: free ? 0 : Math.round(external / 3 / 100) * 100,
        PERSONAL_HIMFG: free || random.chance(0.5) ? 0 : Math.round(external / 2 / 100) * 100,
      };
      const past = finish < nowMs;
      const archived = past && finish < nowMs - 60 * DAY && random.chance(0.7);
      const createdAt = start - random.between(60, 120) * DAY;
      const startDate = iso(start).slice(0, 10);
      insertCourse(
        id,
        name,
        `${kind} dirigido a profesionales de la salud interesados en ${specialty.toLowerCase()}.`,
        startDate,
        iso(finish).slice(0, 10),
        prices.EXTERNO,
        prices.ESTUDIANTE,
        prices.PERSONAL_HIMFG,
        random.chance(0.9) ? `${fold(name)}-${id}`.slice(0, 120) : null,
        !past && random.chance(0.6) ? 1 : 0,
        capacity,
        modality,
        new Date(start).getUTCMonth(),
        modality === MODALITY.EN_LINEA ? "personas" : "plazas",
        modality === MODALITY.EN_LINEA
          ? null
          : random.pick(["Auditorio Dr. Federico Gómez", "Aula Magna", "Sala de juntas de Enseñanza", "Auditorio del edificio Mundet"]),
        modality === MODALITY.PRESENCIAL ? null : `https://aula.himfg.edu.mx/curso/${id}`,
        iso(createdAt),
        iso(Math.min(nowMs, createdAt + random.between(1, 30) * DAY)),
        archived ? iso(Math.min(nowMs - DAY, finish + random.between(30, 60) * DAY)) : null,
      );
      courses.push({ id, start, finish, modality, capacity, prices, weight: big ? 0 : 1 / Math.pow(1 + random.int(courseTarget), 0.75) });
    }
    log(`courses: ${insertCourse.count()}`);
    // The courses that were there before (the seed's offer) take enrolments too.
    const existing = sqlite
      .prepare(
        "SELECT course_id, course_start_date, course_finish_date, modality_id, course_max_range, course_price, course_student_price, course_employee_price FROM courses WHERE course_id < ? ORDER BY course_id",
      )
      .all(firstCourse) as {
      course_id: number;
      course_start_date: string;
      course_finish_date: string;
      modality_id: ModalityId;
      course_max_range: number;
      course_price: number;
      course_student_price: number;
      course_employee_price: number;
    }[];
    for (const row of existing) {
      courses.push({
        id: row.course_id,
        start: Date.parse(`${row.course_start_date}T15:00:00Z`),
        finish: Date.parse(`${row.course_finish_date}T15:00:00Z`),
        modality: row.modality_id,
        capacity: row.course_max_range,
        prices: { EXTERNO: row.course_price, ESTUDIANTE: row.course_student_price, PERSONAL_HIMFG: row.course_employee_price },
        weight: 1 / Math.pow(1 + random.int(courseTotal), 0.75),
      });
    }

    // --- Enrolments: one big online congress with 5 % of them, the rest by a skewed popularity.
    const enrolmentTarget = Math.round(PER_FACTOR.enrolments * factor);
    const targets = new Map<GrownCourse, number>();
    const bigCourse = courses.find((course) => course.weight === 0);
    let remaining = enrolmentTarget;
    if (bigCourse) {
      const n = Math.round(enrolmentTarget * 0.05);
      targets.set(bigCourse, n);
      remaining -= n;
    }
    // In-person-only courses hold about their capacity; the online ones take the rest.
    let weightSum = 0;
    for (const course of courses) if (course.weight > 0) weightSum += course.weight;
    let overflow = 0;
    for (const course of courses) {
      if (course.weight === 0) continue;
      let n = Math.round((course.weight / weightSum) * remaining);
      if (course.modality === MODALITY.PRESENCIAL && n > course.capacity * 1.4) {
        overflow += n - Math.floor(course.capacity * 1.4);
        n = Math.floor(course.capacity * 1.4);
      }
      targets.set(course, n);
    }
    const flexible = courses.filter((course) => course.weight > 0 && course.modality !== MODALITY.PRESENCIAL);
    const flexibleWeight = flexible.reduce((sum, course) => sum + course.weight, 0);
    for (const course of flexible) targets.set(course, (targets.get(course) ?? 0) + Math.round((course.weight / flexibleWeight) * overflow));

    const insertEnrolment = inserter(sqlite, digest, "enrolments", [
      "participant_id",
      "course_id",
      "modality",
      "status",
      "amount_centavos",
      "rejection_reason",
      "suspension_reason",
      "reference",
      "reviewed_by",
      "confirmed_at",
      "verification_token",
      "offline_intent_at",
      "created_at",
      "updated_at",
    ]);
    const insertAttempt = inserter(sqlite, digest, "payment_attempts", [
      "purpose",
      "enrolment_id",
      "donation_id",
      "control_number",
      "amount_centavos",
      "status",
      "referencia",
      "codigo_aut",
      "provider",
      "mode",
      "verification",
      "verified_at",
      "settled_at",
      "created_at",
      "updated_at",
    ]);
    const insertEvent = inserter(sqlite, digest, "payment_events", [
      "payment_attempt_id",
      "control_number",
      "kind",
      "outcome",
      "payload",
      "client_address",
      "received_at",
    ]);
    const insertOffline = inserter(sqlite, digest, "offline_payments", [
      "enrolment_id",
      "method",
      "amount_centavos",
      "paid_on",
      "reference",
      "receipt_file_id",
      "recorded_by",
      "created_at",
    ]);
    const insertRefund = inserter(sqlite, digest, "refunds", [
      "enrolment_id",
      "donation_id",
      "payment_attempt_id",
      "offline_payment_id",
      "amount_centavos",
      "reason",
      "recorded_by",
      "created_at",
    ]);
    const insertManual = inserter(sqlite, digest, "manual_enrolments", ["enrolment_id", "reason", "recorded_by", "created_at"]);
    const insertInvoice = inserter(sqlite, digest, "invoice_requests", [
      "enrolment_id",
      "donation_id",
      "payment_attempt_id",
      "rfc",
      "legal_name",
      "tax_regime",
      "postcode",
      "cfdi_use",
      "constancia_file_id",
      "cfdi_folio",
      "invoiced_at",
      "invoiced_by",
      "created_at",
    ]);

    let controlSeq = 0;
    let folioSeq = 0;
    const controlNumber = (code: string) => `HIMFGCURSOS${code}${String(++controlSeq).padStart(10, "0")}`;
    const rfcFor = (name: string) => {
      const letters = fold(name)
        .replace(/[^a-z]/g, "")
        .toUpperCase()
        .padEnd(4, "X")
        .slice(0, 4);
      return `${letters}${random.digits(6)}${random.pick(["A1", "B2", "H3", "K9"])}${random.int(10)}`;
    };
    const addAttempt = (enrolmentId: number | null, donationId: number | null, code: string, amount: number, status: string, at: number) => {
      const approved = status === "approved";
      const answered = status !== "pending" && status !== "expired";
      const settled = answered ? iso(at + random.between(1, 600) * 1000) : null;
      const result = insertAttempt(
        donationId === null ? "inscripcion" : "donativo",
        enrolmentId,
        donationId,
        controlNumber(code),
        amount,
        status,
        approved ? random.digits(12) : null,
        approved ? random.digits(6) : null,
        "banorte",
        "PRD",
        approved ? (at < nowMs - 45 * DAY ? "conciliado" : "verificado") : null,
        approved ? settled : null,
        settled,
        iso(at),
        settled ?? iso(at),
      );
      const attemptId = Number(result.lastInsertRowid);
      if (answered) {
        insertEvent(
          attemptId,
          null,
          approved ? "success" : "error",
          "applied",
          JSON.stringify({ resultadoPayw: approved ? "A" : "D" }),
          `201.141.${random.int(256)}.${random.int(256)}`,
          settled,
        );
      }
      return attemptId;
    };

    /** How many participants had registered by then (their times rise with their ids). */
    const registeredBy = (at: number) => {
      let lo = 0;
      let hi = participantTarget;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if (participantTime[mid]! <= at) lo = mid + 1;
        else hi = mid;
      }
      return Math.max(lo, Math.min(participantTarget, imported));
    };
    const seats = new Map<number, number>();
    const takenBy = new Map<GrownCourse, Set<number>>();
    /** One enrolment in the course by someone not yet in it; false when nobody is left to enrol. */
    const enrolOne = (course: GrownCourse): boolean => {
      const taken = takenBy.get(course) ?? new Set<number>();
      takenBy.set(course, taken);
      const upcoming = course.start > nowMs;
      {
        const created = Math.min(nowMs - 3_600_000, Math.max(startMs + DAY, course.start - random.between(1, 75) * DAY + random.int(DAY)));
        // Someone already registered by then (ids rise with registration time).
        const pool = registeredBy(created);
        if (taken.size >= pool * 0.8) return false;
        let index = random.int(pool);
        while (taken.has(index)) index = random.int(pool);
        taken.add(index);
        const participantId = firstParticipant + index;
        const role = participantRole[index]!;
        const amount = course.prices[role];
        const freeForAll = course.prices.EXTERNO === 0 && course.prices.ESTUDIANTE === 0 && course.prices.PERSONAL_HIMFG === 0;
        const manual = !upcoming && random.chance(0.003);
        let status = manual
          ? "confirmada"
          : upcoming
            ? random.weighted([
                ["confirmada", 60],
                ["pendiente_de_pago", 25],
                ["pendiente_de_revision", 5],
                ["cancelada", 8],
                ["rechazada", 2],
              ] as const)
            : random.weighted([
                ["confirmada", 80],
                ["cancelada", 11],
                ["pendiente_de_pago", 5.6],
                ["rechazada", 2],
                ["pendiente_de_revision", 1],
                ["suspendida", 0.4],
              ] as const);
        const paidPath = amount > 0 && !manual;
        if (paidPath && status === "pendiente_de_revision") status = "pendiente_de_pago";
        if (!paidPath && (status === "pendiente_de_pago" || status === "suspendida")) status = freeForAll ? "confirmada" : "pendiente_de_revision";
        let modality: "presencial" | "en_linea" = course.modality === MODALITY.EN_LINEA ? "en_linea" : "presencial";
        if (course.modality !== MODALITY.EN_LINEA && (status === "confirmada" || status === "suspendida")) {
          const used = seats.get(course.id) ?? 0;
          if (used < course.capacity) seats.set(course.id, used + 1);
          else if (course.modality === MODALITY.PRESENCIAL_Y_EN_LINEA) modality = "en_linea";
          else status = "cancelada";
        }
        if (course.modality === MODALITY.PRESENCIAL_Y_EN_LINEA && status !== "confirmada" && status !== "suspendida")
          modality = random.chance(0.5) ? "presencial" : "en_linea";
        const confirmedAt =
          status === "confirmada" || status === "suspendida" ? Math.min(nowMs - 60_000, created + random.between(1, 96) * 3_600_000) : null;
        const byCard = paidPath && random.chance(0.85);
        const offlineIntent =
          paidPath && ((status === "pendiente_de_pago" && random.chance(0.2)) || (confirmedAt !== null && !byCard && random.chance(0.6)));
        const reviewed = !paidPath && !freeForAll && status !== "pendiente_de_revision";
        const result = insertEnrolment(
          participantId,
          course.id,
          modality,
          status,
          manual ? 0 : amount,
          status === "rechazada" ? random.pick(["La documentación no corresponde al perfil.", "La credencial no está vigente."]) : null,
          status === "suspendida" ? "El pago no coincide con el reporte del banco." : null,
          !paidPath && confirmedAt !== null ? controlNumber(String(course.id)) : null,
          reviewed || manual ? random.pick(teaching).name : null,
          confirmedAt === null ? null : iso(confirmedAt),
          random.bytes(16).toString("base64url"),
          offlineIntent ? iso(created + random.between(1, 120) * 60_000) : null,
          iso(created),
          iso(confirmedAt ?? created),
        );
        const enrolmentId = Number(result.lastInsertRowid);
        if (manual)
          insertManual(
            enrolmentId,
            random.pick(["Ponente invitado", "Profesor del curso", "Convenio institucional"]),
            random.pick(teaching).name,
            iso(confirmedAt!),
          );
        if (!paidPath) return true;

        // Its money: card attempts (a decline first now and then) or an off-line payment.
        const code = String(course.id);
        if (confirmedAt !== null) {
          let attemptId: number | null = null;
          if (byCard) {
            if (random.chance(0.15)) addAttempt(enrolmentId, null, code, amount, "declined", created);
            attemptId = addAttempt(enrolmentId, null, code, amount, "approved", confirmedAt - 120_000);
          } else {
            const method = random.weighted([
              ["transferencia", 60],
              ["ventanilla", 25],
              ["tienda", 10],
              ["referencia_ensenanza", 5],
            ] as const);
            const receipt = newFile("comprobante.pdf", "application/pdf", RECEIPT_BYTES, receiptSha, iso(confirmedAt));
            insertOffline(
              enrolmentId,
              method,
              amount,
              iso(confirmedAt - 6 * 3_600_000).slice(0, 10),
              `${method.slice(0, 3).toUpperCase()}${String(enrolmentId).padStart(9, "0")}`,
              receipt,
              random.pick([...teaching, ...finance]).name,
              iso(confirmedAt),
            );
          }
          if (random.chance(0.04)) {
            const requested = confirmedAt + random.between(1, 48) * 3_600_000;
            const invoiced = requested < nowMs - 20 * DAY && random.chance(0.95);
            insertInvoice(
              enrolmentId,
              null,
              attemptId,
              rfcFor(participantName[index]!),
              participantName[index]!.toUpperCase(),
              random.pick(["612", "605", "626"]),
              random.digits(5),
              random.pick(["G03", "D10", "S01"]),
              constanciaId,
              invoiced ? `A-${String(++folioSeq).padStart(7, "0")}` : null,
              invoiced ? iso(requested + random.between(1, 15) * DAY) : null,
              invoiced ? random.pick(finance).name : null,
              iso(Math.min(nowMs - 60_000, requested)),
            );
          }
        } else if (status === "pendiente_de_pago") {
          const roll = random.next();
          if (roll < 0.35) addAttempt(enrolmentId, null, code, amount, "expired", created);
          else if (roll < 0.5) addAttempt(enrolmentId, null, code, amount, "declined", created);
        } else if (status === "cancelada") {
          const roll = random.next();
          if (roll < 0.08) {
            const paidAt = created + 600_000;
            const attemptId = addAttempt(enrolmentId, null, code, amount, "approved", paidAt);
            insertRefund(
              enrolmentId,
              null,
              attemptId,
              null,
              amount,
              "Baja del curso antes de su inicio",
              random.pick(finance).name,
              iso(Math.min(nowMs - 60_000, paidAt + random.between(1, 20) * DAY)),
            );
          } else if (roll < 0.5) addAttempt(enrolmentId, null, code, amount, "declined", created);
        }
      }
      return true;
    };
    const order = [...targets.entries()].sort((a, b) => a[0].id - b[0].id);
    for (const [course, target] of order) for (let k = 0; k < target && enrolOne(course); k++);
    // Rounding and full courses leave a few short: the courses open to anyone online take them.
    const open = flexible.length > 0 ? flexible : courses;
    for (let guard = 0; insertEnrolment.count() < enrolmentTarget && guard < enrolmentTarget * 4; guard++) enrolOne(random.pick(open));
    log(`enrolments: ${insertEnrolment.count()} (card attempts ${insertAttempt.count()}, off-line payments ${insertOffline.count()})`);

    // --- Donations, each with its one card attempt.
    const insertDonation = inserter(sqlite, digest, "donations", [
      "control_number",
      "amount_centavos",
      "status",
      "donor_name",
      "donor_email",
      "tax_certificate_file_id",
      "client_address",
      "receipt_sent_at",
      "created_at",
      "approved_at",
      "updated_at",
    ]);
    const donationTarget = Math.round(PER_FACTOR.donations * factor);
    for (let i = 0; i < donationTarget; i++) {
      const at = startMs + Math.floor(((i + random.next()) / donationTarget) * (nowMs - startMs - DAY));
      const status = random.weighted([
        ["aprobada", 70],
        ["rechazada", 10],
        ["expirada", 10],
        ["cancelada", 5],
        ["sin_respuesta", 2],
        ["pendiente", 3],
      ] as const);
      const amount = random.pick([10_000, 20_000, 50_000, 50_000, 100_000, 100_000, 200_000, 500_000, 1_000_000]);
      const donor = `${random.pick([...FEMALE_NAMES, ...MALE_NAMES])} ${surname(random)} ${surname(random)}`;
      const wantsInvoice = status === "aprobada" && random.chance(0.05);
      const approvedAt = status === "aprobada" ? iso(at + 120_000) : null;
      const control = `HIMFGCURSOSDON${String(i + 1).padStart(10, "0")}`;
      const result = insertDonation(
        control,
        amount,
        status,
        donor,
        `${fold(donor).replace(/-/g, ".")}.${i}@${random.pick(MAIL_DOMAINS)}`,
        wantsInvoice ? constanciaId : null,
        `189.203.${random.int(256)}.${random.int(256)}`,
        approvedAt,
        iso(at),
        approvedAt,
        approvedAt ?? iso(at),
      );
      const donationId = Number(result.lastInsertRowid);
      const attemptStatus = {
        aprobada: "approved",
        rechazada: "declined",
        expirada: "expired",
        cancelada: "cancelled",
        sin_respuesta: "no_answer",
        pendiente: "expired",
      }[status];
      const attemptId = addDonationAttempt(donationId, control, amount, attemptStatus, at);
      if (wantsInvoice) {
        const invoiced = at < nowMs - 20 * DAY;
        insertInvoice(
          null,
          donationId,
          attemptId,
          rfcFor(donor),
          donor.toUpperCase(),
          "612",
          random.digits(5),
          "D07",
          constanciaId,
          invoiced ? `A-${String(++folioSeq).padStart(7, "0")}` : null,
          invoiced ? iso(at + random.between(1, 15) * DAY) : null,
          invoiced ? random.pick(finance).name : null,
          iso(at + 180_000),
        );
      }
      if (status === "aprobada" && random.chance(0.003))
        insertRefund(null, donationId, attemptId, null, amount, "Cargo no reconocido por el donante", random.pick(finance).name, iso(at + 3 * DAY));
    }
    function addDonationAttempt(donationId: number, control: string, amount: number, status: string, at: number): number {
      const approved = status === "approved";
      const answered = status !== "expired";
      const settled = answered ? iso(at + 60_000) : null;
      const result = insertAttempt(
        "donativo",
        null,
        donationId,
        control,
        amount,
        status,
        approved ? random.digits(12) : null,
        approved ? random.digits(6) : null,
        "banorte",
        "PRD",
        approved ? "verificado" : null,
        approved ? settled : null,
        settled,
        iso(at),
        settled ?? iso(at),
      );
      return Number(result.lastInsertRowid);
    }
    log(`donations: ${insertDonation.count()}`);

    // --- Information pages (each also enters the site search, by trigger).
    const pageTarget = Math.max(0, Math.round(PER_FACTOR.contentPages * factor) - countOf(sqlite, "content_pages"));
    const insertPage = inserter(sqlite, digest, "content_pages", ["path", "title", "summary", "body", "is_published", "created_at", "updated_at"]);
    const sentence = () => {
      const words = Array.from({ length: random.between(8, 20) }, () => random.pick(PAGE_WORDS));
      const text = words.join(" ");
      return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
    };
    for (let i = 0; i < pageTarget; i++) {
      const [segment, label] = random.pick(PAGE_TOPICS);
      const specialty = random.pick(SPECIALTIES);
      const at = startMs + Math.floor(((i + random.next()) / pageTarget) * (nowMs - startMs - DAY));
      const title = `${label}: ${specialty} (${i + 1})`;
      const paragraphs = Array.from({ length: random.between(3, 7) }, () => Array.from({ length: random.between(2, 4) }, sentence).join(" "));
      const body = `## ${specialty}\n\n${paragraphs.join("\n\n")}\n`;
      insertPage(
        `/${segment}/${fold(specialty)}-${i + 1}`,
        title,
        sentence().slice(0, 300),
        body,
        random.chance(0.97) ? 1 : 0,
        iso(at),
        iso(at + random.int(30) * DAY),
      );
    }
    log(`content pages: ${insertPage.count()}`);

    // --- The audit log, spread over the same five years.
    const auditTarget = Math.max(0, Math.round(PER_FACTOR.auditRows * factor) - countOf(sqlite, "audit_log"));
    growAuditLog(sqlite, {
      rows: auditTarget,
      seed: (options.seed ?? 22) + 1,
      from: new Date(startMs),
      to: new Date(nowMs - 60_000),
      digest,
      passwordHash,
    });
    log(`audit rows: ${auditTarget}`);
  })();

  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) counts[table] = countOf(sqlite, table);
  return { factor, now: now.toISOString(), counts, digest: digest.hex(), milliseconds: performance.now() - started };
}

// ---------------------------------------------------------------------------------------------
// Command line.

function argument(args: string[], name: string): string | undefined {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? args[index + 1] : undefined;
}

/** Makes the demo database at `file` as `npm start` would (migrations, seed steps, code pages' search entries). */
async function makeDemoDatabase(file: string): Promise<void> {
  process.env.DATABASE_PATH = file;
  const { openDatabase } = await import("../app/db.server");
  const { prepareDatabase } = await import("../server/prepare-database");
  const database = openDatabase(file);
  await prepareDatabase({ includeDemoContent: true }, database);
  await database.destroy();
}

async function main() {
  const args = process.argv.slice(2);
  const factor = Number(argument(args, "factor") ?? 100);
  const out = argument(args, "out");
  const from = argument(args, "from");
  const nowText = argument(args, "now");
  const seedText = argument(args, "seed");
  if (!out) {
    console.error("Uso: node --import tsx bench/grow-database.ts --factor 100 --out ARCHIVO [--from BASE] [--now ISO] [--seed N]");
    process.exit(2);
  }
  const now = nowText ? new Date(nowText) : new Date(DEFAULT_NOW);
  if (Number.isNaN(now.getTime())) throw new Error(`--now is not a date: ${nowText}`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(out + suffix, { force: true });
  fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
  const baseStarted = performance.now();
  if (from) {
    const source = new Database(from, { readonly: true });
    await source.backup(out);
    source.close();
  } else {
    await makeDemoDatabase(out);
  }
  const baseMs = performance.now() - baseStarted;
  const sqlite = new Database(out);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = OFF");
  const report = growDatabase(sqlite, {
    factor,
    now,
    seed: seedText ? Number(seedText) : undefined,
    log: (message) => console.error(`  ${message}`),
  });
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  sqlite.close();
  const bytes = fs.statSync(out).size;
  console.log(
    JSON.stringify(
      {
        out,
        ...report,
        baseMilliseconds: Math.round(baseMs),
        milliseconds: Math.round(report.milliseconds),
        megabytes: Number((bytes / 1048576).toFixed(1)),
      },
      null,
      2,
    ),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  await main();
}
