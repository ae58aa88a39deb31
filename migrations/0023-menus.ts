import { sql, type Kysely } from "kysely";
import { contentVersionTriggers } from "./0014-content-version";

/**
 * The header menus (anonymous and signed in) and the footer links move from code into the
 * database, so the communications office edits them (issue 12, decision 0025). Seeded with
 * exactly what app/content/menus.ts and the footer showed before.
 *
 * A target is a site path that starts with a single "/" (never "//", which a browser reads as
 * another host) or an http(s) URL; nothing else (no javascript:, data:, mailto:) and no spaces or
 * control characters, checked here as well as in the form.
 */
export const MENU_LINKS_SEED: { menu: "anonimo" | "sesion" | "pie"; label: string; href: string }[] = [
  { menu: "anonimo", label: "Inicio", href: "/" },
  { menu: "anonimo", label: "Consulta de primera vez", href: "/requisitos" },
  { menu: "anonimo", label: "Transparencia", href: "/transparencia" },
  { menu: "anonimo", label: "Protección de datos", href: "/avisos-de-privacidad" },
  { menu: "anonimo", label: "Sesión clínico patológica", href: "/sesion-clinico-patologica" },
  { menu: "anonimo", label: "Daño cero", href: "/dano-cero" },
  { menu: "anonimo", label: "Oferta académica", href: "/ensenanza/offer" },
  { menu: "anonimo", label: "Código de ética", href: "/cod-etica" },
  { menu: "sesion", label: "Inicio", href: "/" },
  { menu: "sesion", label: "Sesión clínico patológica (video)", href: "/video/scp-2024" },
  { menu: "sesion", label: "Transparencia", href: "/transparencia" },
  { menu: "sesion", label: "Oferta académica", href: "/ensenanza/offer" },
  { menu: "sesion", label: "Perfil", href: "/profile" },
  { menu: "pie", label: "Donativos", href: "/donacion" },
  { menu: "pie", label: "Avisos de privacidad", href: "/avisos-de-privacidad" },
  { menu: "pie", label: "Transparencia", href: "/transparencia" },
  { menu: "pie", label: "Plataforma Nacional de Transparencia", href: "https://www.plataformadetransparencia.org.mx/" },
  { menu: "pie", label: "Legado artístico", href: "/legado-artistico" },
  { menu: "pie", label: "Misión y visión", href: "/mision-y-vision" },
  { menu: "pie", label: "Hemerobiblioteca", href: "/hemerobiblioteca" },
];

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    CREATE TABLE menu_links (
      id INTEGER PRIMARY KEY,
      menu TEXT NOT NULL CHECK (menu IN ('anonimo', 'sesion', 'pie')),
      label TEXT NOT NULL CHECK (length(label) BETWEEN 1 AND 80 AND label NOT GLOB '*[' || char(1) || '-' || char(31) || char(127) || ']*'),
      href TEXT NOT NULL CHECK (
        length(href) BETWEEN 1 AND 500
        AND href NOT GLOB '*[ ' || char(1) || '-' || char(31) || char(127) || '\\]*'
        AND ((substr(href, 1, 1) = '/' AND substr(href, 2, 1) <> '/') OR href GLOB 'https://?*' OR href GLOB 'http://?*')
      ),
      position INTEGER NOT NULL CHECK (position BETWEEN 0 AND 999),
      updated_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
    ) STRICT`.execute(db);
  // The one query a page makes: a menu's links in order.
  await sql`CREATE INDEX menu_links_menu ON menu_links (menu, position, id)`.execute(db);
  for (const [index, link] of MENU_LINKS_SEED.entries()) {
    const position = MENU_LINKS_SEED.slice(0, index).filter((other) => other.menu === link.menu).length + 1;
    await sql`INSERT INTO menu_links (menu, label, href, position) VALUES (${link.menu}, ${link.label}, ${link.href}, ${position})`.execute(db);
  }
  for (const statement of contentVersionTriggers("menu_links")) await sql.raw(statement).execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP TABLE menu_links`.execute(db);
}
