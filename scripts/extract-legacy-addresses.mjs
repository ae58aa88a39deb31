// Writes seeds/data/legacy-file-addresses.json from ../shared/content/site-facts.json: every file
// address of the current site (himfg.edu.mx and himfg.com.mx, with or without www, and
// site-relative paths) with the seeded fact that stands for it. Run by hand when the facts change:
//   node scripts/extract-legacy-addresses.mjs [path/to/site-facts.json]
// The app never reads ../shared at run time (seeds/data holds the copy).
import { readFileSync, writeFileSync } from "node:fs";

const factsPath = process.argv[2] ?? "../shared/content/site-facts.json";
const facts = JSON.parse(readFileSync(factsPath, "utf8"));
const documents = JSON.parse(readFileSync("seeds/data/documents.json", "utf8"));

const SITE_HOSTS = new Set(["himfg.edu.mx", "www.himfg.edu.mx", "himfg.com.mx", "www.himfg.com.mx"]);
const FILE_EXTENSION = /\.(pdf|docx?|xlsx?|pptx?|jpe?g|png|webp|gif|svg|php|html?)$/i;
const FINANCIAL = ["financial-accounting", "financial-budget", "financial-programmatic", "financial-lgcg-title-v", "financial-inventory"];

/** The site path of a current-site file URL, decoded, or null for other sites and non-files. */
function sitePath(value) {
  if (typeof value !== "string" || /\s/.test(value.trim()) || !FILE_EXTENSION.test(value)) return null;
  let url;
  if (/^https?:\/\//i.test(value)) {
    url = new URL(value);
    if (!SITE_HOSTS.has(url.hostname.toLowerCase())) return null;
  } else if (/^[a-z0-9_-]+(\/[^/]+)+$/i.test(value) || value.startsWith("/")) {
    url = new URL(value, "https://himfg.edu.mx/");
  } else return null;
  return decodeURIComponent(url.pathname);
}

const norm = (s) =>
  s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, " ")
    .trim();

const collection = (key) => documents.collections.find((c) => c.key === key);
const used = new Set();
/** The seeded document for a fact: same title in the collection (first unused), else the same place. */
function seededDocument(key, title, groupHint, index) {
  const c = collection(key);
  const candidates = [];
  for (const g of c.groups) for (const [i, item] of g.items.entries()) candidates.push({ group: g.title, title: item.title, i, year: item.year });
  const pick = (list) => list.find((x) => !used.has(`${key}|${x.group}|${x.title}`));
  let found = pick(candidates.filter((x) => norm(x.title) === norm(title) && (!groupHint || x.group.startsWith(String(groupHint)))));
  found ??= pick(candidates.filter((x) => norm(x.title) === norm(title)));
  if (!found && groupHint != null) found = pick(candidates.filter((x) => x.group.startsWith(String(groupHint)) && x.i === index));
  if (!found) return null;
  used.add(`${key}|${found.group}|${found.title}`);
  return { collection: key, group: found.group, title: found.title };
}

const entries = [];
const unmatched = [];
function add(path, target, url, where) {
  if (!path) return;
  const same = entries.find((e) => e.path.toLowerCase() === path.toLowerCase());
  if (same) {
    if (!same.urls.includes(url)) same.urls.push(url);
    return;
  }
  entries.push({ path, ...target, urls: [url], where });
}

const t = facts.transparency;
t.financial.groups.forEach((g, gi) =>
  g.years.forEach((y) =>
    y.documents.forEach((d, di) => {
      const path = sitePath(d.url);
      if (!path) return;
      const doc = seededDocument(FINANCIAL[gi], d.title, y.year, di);
      if (doc) add(path, { document: doc }, d.url, `transparency.financial ${g.title} ${y.year}`);
      else unmatched.push(d);
    }),
  ),
);
t.procurement.groups.forEach((g) =>
  g.items.forEach((d, di) => {
    const path = sitePath(d.url);
    if (!path) return;
    const doc = seededDocument("procurement", d.title, g.title, di);
    // The 2025 bidding bases are closed and the seed lists no call: the procurement page says so.
    add(path, doc ? { document: doc } : { page: "/adquisiciones" }, d.url, "transparency.procurement");
  }),
);
t.yearbooks.items.forEach((d) => {
  const path = sitePath(d.url);
  const doc = seededDocument("yearbooks", `Anuario estadístico ${d.year}`, null, 0);
  if (path && doc) add(path, { document: doc }, d.url, "transparency.yearbooks");
  else if (path) unmatched.push(d);
});
t.researchCalls.items.forEach((d, di) => {
  const path = sitePath(d.url);
  const item = collection("research-calls").groups[0].items[di];
  if (path && item)
    add(
      path,
      { document: { collection: "research-calls", group: collection("research-calls").groups[0].title, title: item.title } },
      d.url,
      "transparency.researchCalls",
    );
  else if (path) unmatched.push(d);
});
t.generalDirectionDocuments.items.forEach((d) => {
  const path = sitePath(d.url);
  if (!path) return;
  const doc = seededDocument("general-direction", d.title, null, 0);
  // A report the current site defines but never shows: its page is the general direction's.
  add(path, doc ? { document: doc } : { page: "/general" }, d.url, "transparency.generalDirectionDocuments");
});
facts.archives.groups.forEach((g) =>
  g.items.forEach((d, di) => {
    const path = sitePath(d.url);
    if (!path) return;
    const doc = seededDocument("archives", d.title, g.title, di);
    if (doc) add(path, { document: doc }, d.url, `archives ${g.title}`);
    else {
      // The same file listed again in another group: the first listing stands for it.
      const earlier = entries.find((e) => e.path === path);
      if (earlier) {
        if (!earlier.urls.includes(d.url)) earlier.urls.push(d.url);
      } else unmatched.push(d);
    }
  }),
);
facts.gallery.items.forEach((item, position) =>
  add(sitePath(item.image), { gallery: { gallery: "legado-artistico", position } }, item.image, "gallery.items"),
);
const otherGalleries = ["galeria", "dia-del-nino"];
facts.gallery.otherGalleries.forEach((g, gi) =>
  g.images.forEach((image, position) => add(sitePath(image), { gallery: { gallery: otherGalleries[gi], position } }, image, `gallery ${g.page}`)),
);

// Files the collections and galleries do not hold: the seed step stores a demonstration copy of
// each (the same kind of file as the documents seed) so links keep reaching a file.
const demoFile = (key, title, fileType, issuer) => ({ file: { key, title, fileType, issuer } });
facts.privacyNotices.items.forEach((d, i) =>
  add(sitePath(d.url), demoFile(`aviso-${i + 1}`, d.title, "pdf", "Unidad de Transparencia"), d.url, "privacyNotices"),
);
const r = facts.residency;
for (const nav of r.subNavigation) {
  for (const href of nav.hrefVariants ?? []) {
    const path = sitePath(href);
    if (path)
      add(
        path,
        demoFile(
          `residencias-${norm(nav.label).replace(/ /g, "-")}`,
          `${nav.label === "Convocatoria PDF" ? "Convocatoria a residencias médicas" : nav.label}`,
          "pdf",
          "Dirección de Enseñanza",
        ),
        href,
        "residency.subNavigation",
      );
  }
}
r.downloads.forEach((d, i) =>
  add(
    sitePath(d.url),
    demoFile(`residencias-descarga-${i + 1}`, d.title.replace(/ \(descargar\)$/, ""), d.fileType, "Dirección de Enseñanza"),
    d.url,
    "residency.downloads",
  ),
);
for (const [section, links] of Object.entries(facts.enrolmentInfo.offerPageSections)) {
  for (const link of links) {
    const path = sitePath(link.href);
    if (path && /\.pdf$/i.test(path))
      add(
        path,
        demoFile(`reglamento-${norm(link.label).replace(/ /g, "-")}`, link.label, "pdf", "Dirección de Enseñanza"),
        link.href,
        `enrolmentInfo.${section}`,
      );
  }
}
const scp = facts.sesionClinicoPatologica.caseSummaryPdf;
add(
  sitePath(scp.url),
  demoFile("sesion-clinico-patologica-resumen", "Resumen del caso clínico: sesión clínico patológica", "pdf", "Dirección de Enseñanza"),
  scp.url,
  "sesionClinicoPatologica",
);
facts.researchFormats.items.forEach((d, i) =>
  add(sitePath(d.url), demoFile(`formato-investigacion-${i + 1}`, d.title, d.fileType, "Dirección de Investigación"), d.url, "researchFormats"),
);
facts.library.onlineJournals.forEach((j, i) => {
  const path = sitePath(j.url);
  if (path) add(path, demoFile(`revista-${i + 1}`, `${j.title}: acceso en línea`, "pdf", "Hemerobiblioteca"), j.url, "library.onlineJournals");
});

// Pictures and pages of the old site we hold no file for: the page that shows them now.
const pages = [
  [facts.homePage.bannerCarousel.map((b) => b.image), "/"],
  [facts.homePage.sipotBanners.map((b) => b.image), "/transparencia"],
  [facts.homePage.directorCards.map((c) => c.photo), "/direcciones"],
  [[facts.enrolmentInfo.offerImage], "/direccion/pre-y-posgrado"],
  [[facts.library.catalogue.image, facts.library.rules.databasesUrl], "/direccion/hemerobiblioteca"],
  [(facts.headerMenus.logos ?? []).map((l) => l.image), "/"],
  [[facts.boardOfTrustees.banner], "/patronato"],
  [[facts.volunteering.banner], "/voluntariado"],
];
for (const [urls, page] of pages) for (const url of urls) add(sitePath(url), { page }, url, "page");
const oldPages = { "transparencia.php": "/transparencia", "pdp.php": "/avisos-de-privacidad", "avisopriv.php": "/avisos-de-privacidad" };
for (const [key, value] of walk(facts, "")) {
  const path = sitePath(value);
  if (!path || key.startsWith("._meta") || key.endsWith(".source")) continue;
  const page = oldPages[path.split("/").pop()];
  if (page) add(path, { page }, value, "page");
  else if (!entries.some((e) => e.path.toLowerCase() === path.toLowerCase())) unmatched.push({ key, value });
}
function* walk(node, key) {
  if (Array.isArray(node)) for (const [i, v] of node.entries()) yield* walk(v, `${key}[${i}]`);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) yield* walk(v, `${key}.${k}`);
  else yield [key, node];
}

if (unmatched.length > 0) {
  console.error("unmatched:", JSON.stringify(unmatched, null, 1));
  process.exitCode = 1;
}
const out = {
  _source:
    "File addresses of the current site (himfg.edu.mx, himfg.com.mx) from ../shared/content/site-facts.json, each with the seeded fact that stands for it; written by scripts/extract-legacy-addresses.mjs. Files on other hosts (archivos.him.edu.mx, ense.himfg.edu.mx, cloudinary) are not ours to answer.",
  addresses: entries,
};
writeFileSync("seeds/data/legacy-file-addresses.json", `${JSON.stringify(out, null, 1)}\n`);
const kinds = {};
for (const e of entries) kinds[Object.keys(e)[1]] = (kinds[Object.keys(e)[1]] ?? 0) + 1;
console.log(`${entries.length} addresses`, kinds);
