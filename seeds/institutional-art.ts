/**
 * Placeholder art for the institutional pages, drawn as SVG at seed time (no binary assets in
 * the repository). The sizes match app/content/image-frames.ts.
 */
export type ArtPalette = "guinda" | "verde" | "dorado" | "azul";

const palettes: Record<ArtPalette, { from: string; to: string; accent: string; text: string }> = {
  guinda: { from: "#611232", to: "#9f2241", accent: "#e6d194", text: "#ffffff" },
  verde: { from: "#0c231e", to: "#1e5b4f", accent: "#e6d194", text: "#ffffff" },
  dorado: { from: "#7a5c1c", to: "#a57f2c", accent: "#fff3d6", text: "#ffffff" },
  azul: { from: "#13322b", to: "#235b4e", accent: "#bc955c", text: "#ffffff" },
};

export const artPalettes: ArtPalette[] = ["guinda", "verde", "azul", "dorado"];

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** Splits a title into at most `maxLines` lines of about `width` characters. */
function wrap(text: string, width: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/)) {
    if (line && (line + " " + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]}…`;
    return kept;
  }
  return lines;
}

/** A 800×450 illustration: a caption over a gradient with a simple motif. */
export function drawContentImage(art: {
  eyebrow: string;
  title: string;
  palette: ArtPalette;
  motif: "cruz" | "circulos" | "libro" | "molecula";
}): string {
  const p = palettes[art.palette];
  const lines = wrap(art.title, 28, 3);
  const motifs = {
    cruz: `<g fill="${p.accent}" opacity="0.35"><rect x="610" y="120" width="60" height="180" rx="8"/><rect x="550" y="180" width="180" height="60" rx="8"/></g>`,
    circulos: `<g fill="none" stroke="${p.accent}" stroke-width="10" opacity="0.35"><circle cx="640" cy="210" r="110"/><circle cx="640" cy="210" r="60"/></g>`,
    libro: `<g fill="${p.accent}" opacity="0.35"><path d="M540 130h90v190h-90z"/><path d="M650 130h90v190h-90z"/></g>`,
    molecula: `<g fill="${p.accent}" stroke="${p.accent}" stroke-width="8" opacity="0.4"><line x1="570" y1="150" x2="690" y2="230"/><line x1="690" y1="230" x2="600" y2="320"/><circle cx="570" cy="150" r="30"/><circle cx="690" cy="230" r="38"/><circle cx="600" cy="320" r="26"/></g>`,
  } as const;
  const text = lines
    .map(
      (line, index) =>
        `<text x="60" y="${190 + index * 46}" font-family="Montserrat, Arial, sans-serif" font-size="38" font-weight="700" fill="${p.text}">${escapeXml(line)}</text>`,
    )
    .join("\n  ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="450" viewBox="0 0 800 450">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="800" height="450" fill="url(#g)"/>
  ${motifs[art.motif]}
  <rect x="60" y="118" width="64" height="6" fill="${p.accent}"/>
  <text x="60" y="100" font-family="Montserrat, Arial, sans-serif" font-size="20" font-weight="600" letter-spacing="2" fill="${p.text}">${escapeXml(art.eyebrow.toUpperCase())}</text>
  ${text}
</svg>
`;
}

/** A 240×300 portrait placeholder: a silhouette with the person's initials. */
export function drawPortrait(name: string, palette: ArtPalette): string {
  const p = palettes[palette];
  const initials = name
    .replace(/^(Dr|Dra|Lic|Mtro|Mtra|C\.P|Ing)\.?\s+/i, "")
    .split(/\s+/)
    .filter((word) => /^[A-ZÁÉÍÓÚÑ]/.test(word))
    .slice(0, 2)
    .map((word) => word[0])
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="240" height="300" viewBox="0 0 240 300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="240" height="300" fill="url(#g)"/>
  <circle cx="120" cy="115" r="52" fill="${p.accent}" opacity="0.55"/>
  <path d="M30 300c0-62 40-104 90-104s90 42 90 104z" fill="${p.accent}" opacity="0.55"/>
  <text x="120" y="132" text-anchor="middle" font-family="Montserrat, Arial, sans-serif" font-size="44" font-weight="700" fill="${p.from}">${escapeXml(initials)}</text>
</svg>
`;
}

/** Banner art for profile records: 1200×400, and 600×400 for narrow screens. */
export function drawProfileBanner(art: { headline: string; subline: string; palette: ArtPalette; narrow?: boolean }): string {
  const p = palettes[art.palette];
  const width = art.narrow ? 600 : 1200;
  const lines = wrap(art.headline, art.narrow ? 22 : 40, 2);
  const size = art.narrow ? 40 : 54;
  const text = lines
    .map(
      (line, index) =>
        `<text x="60" y="${170 + index * (size + 10)}" font-family="Montserrat, Arial, sans-serif" font-size="${size}" font-weight="700" fill="${p.text}">${escapeXml(line)}</text>`,
    )
    .join("\n  ");
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="400" viewBox="0 0 ${width} 400">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.from}"/><stop offset="1" stop-color="${p.to}"/></linearGradient></defs>
  <rect width="${width}" height="400" fill="url(#g)"/>
  <circle cx="${width - 140}" cy="90" r="200" fill="${p.accent}" opacity="0.12"/>
  <circle cx="${width - 70}" cy="360" r="150" fill="${p.accent}" opacity="0.18"/>
  <rect x="60" y="96" width="72" height="6" fill="${p.accent}"/>
  ${text}
  <text x="60" y="${190 + lines.length * (size + 10)}" font-family="Montserrat, Arial, sans-serif" font-size="${art.narrow ? 22 : 26}" fill="${p.text}">${escapeXml(art.subline)}</text>
</svg>
`;
}
