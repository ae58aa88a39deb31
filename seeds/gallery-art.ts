/**
 * Draws the demo gallery pictures as SVG: an abstract composition per work (shapes and colours
 * derived from its position, so the output is stable), in one of three formats so the grid shows
 * that width and height are reserved before each image loads.
 */
const PALETTES = [
  ["#611232", "#9f2241", "#e6d194", "#f4ead5"],
  ["#10312b", "#235b4e", "#bc955c", "#e9f1ee"],
  ["#1d3557", "#457b9d", "#f1c453", "#f1faee"],
  ["#5b2a86", "#9a48d0", "#f7b801", "#f5efff"],
  ["#7f4f24", "#b08968", "#2a9d8f", "#fdf0d5"],
  ["#3d405b", "#e07a5f", "#81b29a", "#f4f1de"],
] as const;

export const FORMATS = [
  { width: 1200, height: 800 },
  { width: 900, height: 1200 },
  { width: 1000, height: 1000 },
] as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

/** A small deterministic pseudo-random sequence (mulberry32). */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Splits text into lines of at most `maxChars` characters, between words (never inside one). */
function wrapWords(text: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > maxChars) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/** Average glyph width in ems (Montserrat, or Arial in its place), to fit lines by character count. */
const BOLD_EM = 0.62;
const REGULAR_EM = 0.6;

/**
 * One picture with the work's title and author on a band. The whole title and author are drawn,
 * wrapped between words (issue 21: long titles were cut mid-word), inside the centred square that
 * the gallery grid's square thumbnails show (object-fit: cover), so a thumbnail shows them whole too.
 */
export function drawArtwork(input: { index: number; title: string; author: string | null }) {
  const { width, height } = FORMATS[input.index % FORMATS.length]!;
  const palette = PALETTES[input.index % PALETTES.length]!;
  const next = random(input.index * 7919 + 17);
  const shapes: string[] = [];
  for (let i = 0; i < 9; i++) {
    const color = palette[Math.floor(next() * 3)]!;
    const opacity = (0.35 + next() * 0.55).toFixed(2);
    const x = Math.round(next() * width);
    const y = Math.round(next() * height * 0.8);
    const size = Math.round((0.08 + next() * 0.22) * Math.min(width, height));
    const kind = Math.floor(next() * 3);
    if (kind === 0) shapes.push(`<circle cx="${x}" cy="${y}" r="${size}" fill="${color}" opacity="${opacity}"/>`);
    else if (kind === 1)
      shapes.push(
        `<rect x="${x - size}" y="${y - size / 2}" width="${size * 2}" height="${size}" rx="${Math.round(size / 6)}" fill="${color}" opacity="${opacity}" transform="rotate(${Math.round(next() * 90 - 45)} ${x} ${y})"/>`,
      );
    else shapes.push(`<polygon points="${x},${y - size} ${x + size},${y + size} ${x - size},${y + size}" fill="${color}" opacity="${opacity}"/>`);
  }
  // The square a thumbnail shows, and the text block inside it.
  const side = Math.min(width, height);
  const left = (width - side) / 2;
  const bottom = (height + side) / 2;
  const padding = Math.round(side * 0.05);
  const titleSize = Math.round(side * 0.05);
  const authorSize = Math.round(titleSize * 0.66);
  const textWidth = side - 2 * padding;
  const titleLines = wrapWords(input.title, Math.floor(textWidth / (titleSize * BOLD_EM)));
  const authorLines = wrapWords(input.author ?? "Autor no identificado", Math.floor(textWidth / (authorSize * REGULAR_EM)));
  const titleStep = Math.round(titleSize * 1.2);
  const authorStep = Math.round(authorSize * 1.3);
  const bandTop = bottom - (padding * 2 + titleLines.length * titleStep + Math.round(titleSize * 0.3) + authorLines.length * authorStep);
  const lines = [
    ...titleLines.map((text, i) => ({ text, y: bandTop + padding + titleSize + i * titleStep, size: titleSize, weight: ' font-weight="700"' })),
    ...authorLines.map((text, i) => ({
      text,
      y: bandTop + padding + titleLines.length * titleStep + Math.round(titleSize * 0.3) + authorSize + i * authorStep,
      size: authorSize,
      weight: "",
    })),
  ];
  const text = lines.map(
    (line) =>
      `<text x="${left + padding}" y="${line.y}" font-family="Montserrat, Arial, sans-serif" font-size="${line.size}"${line.weight} fill="#ffffff">${escapeXml(line.text)}</text>`,
  );
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <title>${escapeXml(input.title)}</title>
  <rect width="${width}" height="${height}" fill="${palette[3]}"/>
  ${shapes.join("\n  ")}
  <rect y="${bandTop}" width="${width}" height="${height - bandTop}" fill="${palette[0]}"/>
  ${text.join("\n  ")}
</svg>
`;
  return { svg, width, height };
}

/** The two image links to the national transparency platform. */
export function drawPortalBanner(input: { headline: string; subline: string; variant: 0 | 1 }) {
  const [from, to, accent] = input.variant === 0 ? ["#611232", "#9f2241", "#e6d194"] : ["#10312b", "#235b4e", "#e6d194"];
  const svg = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="800" height="300" viewBox="0 0 800 300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="800" height="300" fill="url(#g)"/>
  <circle cx="700" cy="60" r="150" fill="${accent}" opacity="0.15"/>
  <rect x="56" y="70" width="64" height="6" fill="${accent}"/>
  <text x="56" y="58" font-family="Montserrat, Arial, sans-serif" font-size="20" font-weight="600" letter-spacing="2" fill="#ffffff">PLATAFORMA NACIONAL DE TRANSPARENCIA</text>
  <text x="56" y="150" font-family="Montserrat, Arial, sans-serif" font-size="40" font-weight="700" fill="#ffffff">${escapeXml(input.headline)}</text>
  <text x="56" y="200" font-family="Montserrat, Arial, sans-serif" font-size="22" fill="#ffffff">${escapeXml(input.subline)}</text>
</svg>
`;
  return { svg, width: 800, height: 300 };
}
