/**
 * Demo art for the course catalogue: a card image as SVG (like banner-art.ts) and a one-page
 * programme PDF written by hand (PDF 1.4, Helvetica, WinAnsi text), so seeding needs no PDF
 * library at run time.
 */
export interface CourseArt {
  eyebrow: string;
  headline: string;
  palette: "guinda" | "verde" | "dorado" | "azul";
  motif: "heart" | "cross" | "leaf" | "book";
}

const palettes = {
  guinda: { from: "#611232", to: "#9f2241", accent: "#e6d194", text: "#ffffff" },
  verde: { from: "#0c231e", to: "#235b4e", accent: "#e6d194", text: "#ffffff" },
  dorado: { from: "#7a5a1c", to: "#a57f2c", accent: "#fff4dc", text: "#ffffff" },
  azul: { from: "#13322b", to: "#1e5b4f", accent: "#bc955c", text: "#ffffff" },
} as const;

const motifs = {
  heart: `<path d="M470 118c-22-40-86-34-86 14 0 40 86 86 86 86s86-46 86-86c0-48-64-54-86-14z" />`,
  cross: `<path d="M450 80h44v46h46v44h-46v46h-44v-46h-46v-44h46z" />`,
  leaf: `<path d="M400 210c0-90 60-140 160-140 0 100-50 160-140 160l-20-20z" />`,
  book: `<path d="M396 90h70c14 0 24 8 24 20v120c0-12-10-20-24-20h-70zM584 90h-70c-14 0-24 8-24 20v120c0-12 10-20 24-20h70z" />`,
};

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

export const COURSE_IMAGE_WIDTH = 600;
export const COURSE_IMAGE_HEIGHT = 300;

export function drawCourseImage(art: CourseArt): string {
  const p = palettes[art.palette];
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${COURSE_IMAGE_WIDTH}" height="${COURSE_IMAGE_HEIGHT}" viewBox="0 0 600 300" role="img">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.from}"/>
      <stop offset="1" stop-color="${p.to}"/>
    </linearGradient>
  </defs>
  <rect width="600" height="300" fill="url(#bg)"/>
  <circle cx="520" cy="40" r="140" fill="${p.accent}" opacity="0.10"/>
  <g fill="${p.accent}" opacity="0.55">${motifs[art.motif]}</g>
  <rect x="40" y="70" width="48" height="5" fill="${p.accent}"/>
  <text x="40" y="56" font-family="Montserrat, Arial, sans-serif" font-size="15" font-weight="600" letter-spacing="1.5" fill="${p.text}">${escapeXml(art.eyebrow.toUpperCase())}</text>
  <text x="40" y="250" font-family="Montserrat, Arial, sans-serif" font-size="30" font-weight="700" fill="${p.text}">${escapeXml(art.headline)}</text>
</svg>
`;
}

/** A PDF literal string in WinAnsi (Latin-1 covers Spanish): escape \\, ( and ). */
function pdfText(text: string): string {
  return `(${text.replace(/[\\()]/g, (c) => `\\${c}`)})`;
}

export interface ProgrammePdf {
  title: string;
  lines: string[];
}

/** A valid one-page PDF (correct xref offsets) with a title and lines of text. */
export function writeProgrammePdf(programme: ProgrammePdf): Buffer {
  const content = [
    "BT",
    "/F2 18 Tf",
    "56 736 Td",
    `${pdfText("Hospital Infantil de México Federico Gómez")} Tj`,
    "/F1 12 Tf",
    "0 -22 Td",
    `${pdfText("Dirección de Enseñanza y Desarrollo Académico")} Tj`,
    "/F2 16 Tf",
    "0 -40 Td",
    `${pdfText(programme.title)} Tj`,
    "/F1 11 Tf",
    ...programme.lines.flatMap((line) => ["0 -20 Td", `${pdfText(line)} Tj`]),
    "ET",
  ].join("\n");
  const contentBytes = Buffer.from(content, "latin1");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>",
  ];
  const chunks: Buffer[] = [Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1")];
  const offsets: number[] = [];
  let length = chunks[0]!.length;
  const push = (chunk: Buffer) => {
    chunks.push(chunk);
    length += chunk.length;
  };
  objects.forEach((body, index) => {
    offsets.push(length);
    push(Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, "latin1"));
  });
  offsets.push(length);
  push(Buffer.from(`6 0 obj\n<< /Length ${contentBytes.length} >>\nstream\n`, "latin1"));
  push(contentBytes);
  push(Buffer.from("\nendstream\nendobj\n", "latin1"));
  const xrefOffset = length;
  const xref = [
    "xref",
    `0 ${offsets.length + 1}`,
    "0000000000 65535 f ",
    ...offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n `),
    "trailer",
    `<< /Size ${offsets.length + 1} /Root 1 0 R >>`,
    "startxref",
    String(xrefOffset),
    "%%EOF",
    "",
  ].join("\n");
  push(Buffer.from(xref, "latin1"));
  return Buffer.concat(chunks);
}
