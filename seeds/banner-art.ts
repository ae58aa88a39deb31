/** Draws the demo banners as SVG (no binary assets in the repo, crisp on every screen). */
export interface BannerArt {
  eyebrow: string;
  headline: string;
  subline: string;
  palette: "guinda" | "verde" | "dorado" | "azul";
}

const palettes = {
  guinda: { from: "#611232", to: "#9f2241", accent: "#e6d194", text: "#ffffff" },
  verde: { from: "#0c231e", to: "#1e5b4f", accent: "#e6d194", text: "#ffffff" },
  dorado: { from: "#a57f2c", to: "#c49a47", accent: "#611232", text: "#1a1a1a" },
  azul: { from: "#13322b", to: "#235b4e", accent: "#bc955c", text: "#ffffff" },
} as const;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

export function drawBanner(art: BannerArt): string {
  const p = palettes[art.palette];
  return `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="400" viewBox="0 0 1200 400" role="img">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${p.from}"/>
      <stop offset="1" stop-color="${p.to}"/>
    </linearGradient>
  </defs>
  <rect width="1200" height="400" fill="url(#bg)"/>
  <circle cx="1060" cy="80" r="220" fill="${p.accent}" opacity="0.12"/>
  <circle cx="1130" cy="360" r="160" fill="${p.accent}" opacity="0.18"/>
  <rect x="80" y="96" width="72" height="6" fill="${p.accent}"/>
  <text x="80" y="80" font-family="Montserrat, Arial, sans-serif" font-size="22" font-weight="600" letter-spacing="2" fill="${p.text}">${escapeXml(art.eyebrow.toUpperCase())}</text>
  <text x="80" y="180" font-family="Montserrat, Arial, sans-serif" font-size="52" font-weight="700" fill="${p.text}">${escapeXml(art.headline)}</text>
  <text x="80" y="240" font-family="Montserrat, Arial, sans-serif" font-size="26" fill="${p.text}">${escapeXml(art.subline)}</text>
</svg>
`;
}
