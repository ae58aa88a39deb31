import http from "node:http";
import type { AddressInfo } from "node:net";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderAccessDocumentHtml, renderAccessPdf, verificationQrSvg, type AccessDocumentData } from "~/enrolment/access-document.server";
import { isVerificationToken, newVerificationToken, verificationPath, verificationUrl } from "~/enrolment/verification";
import { closePdfBrowser, pdfBrowserStatus, renderPdf } from "~/pdf/pdf.server";

const token = newVerificationToken();

function onlineData(overrides: Partial<AccessDocumentData> = {}): AccessDocumentData {
  return {
    participant: { name: "María José Pérez <b>Núñez</b>", profileLabel: "Externo", participantId: "P-000123" },
    course: { name: "Urgencias pediátricas & trauma 2027", startDate: "2027-03-01", finishDate: "2027-03-05" },
    modality: { kind: "en_linea", accessUrl: "https://zoom.us/j/123?pwd=a&b=c", coursePassword: "Pedia2027" },
    controlNumber: "HIM2027000123",
    amountCentavos: 150_000,
    verificationUrl: verificationUrl("https://www.himfg.edu.mx", token),
    issuedAt: new Date("2027-02-01T05:30:00Z"),
    ...overrides,
  };
}

async function loadPdf(pdf: Buffer) {
  expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  return PDFDocument.load(pdf);
}

afterAll(async () => {
  await closePdfBrowser();
});

describe("verification tokens", () => {
  it("are random 128-bit base64url strings and map to /verificar/<token>", () => {
    const other = newVerificationToken();
    expect(token).not.toBe(other);
    expect(isVerificationToken(token)).toBe(true);
    expect(Buffer.from(token, "base64url")).toHaveLength(16);
    expect(verificationPath(token)).toBe(`/verificar/${token}`);
    expect(verificationUrl("https://www.himfg.edu.mx", token)).toBe(`https://www.himfg.edu.mx/verificar/${token}`);
    expect(() => verificationPath("../admin")).toThrow(RangeError);
    expect(isVerificationToken("short")).toBe(false);
  });
});

describe("access document HTML", () => {
  it("contains the participant, the course with es-MX dates, the access, the control number and the amount", async () => {
    const html = await renderAccessDocumentHtml(onlineData());
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("Hospital Infantil de México Federico Gómez");
    // Escaped, never markup: the participant's name cannot inject HTML into the document.
    expect(html).toContain("María José Pérez &lt;b&gt;Núñez&lt;/b&gt;");
    expect(html).not.toContain("<b>Núñez");
    expect(html).toContain("Externo");
    expect(html).toContain("P-000123");
    expect(html).toContain("Urgencias pediátricas &amp; trauma 2027");
    expect(html).toContain("Del 1 de marzo de 2027 al 5 de marzo de 2027");
    expect(html).toContain("En línea");
    expect(html).toContain('href="https://zoom.us/j/123?pwd=a&amp;b=c"');
    expect(html).toContain("Contraseña del curso");
    expect(html).toContain("Pedia2027");
    expect(html).toContain("HIM2027000123");
    expect(html).toContain("$1,500.00 MXN");
    // 05:30 UTC on 1 February is still 31 January, 23:30, in Mexico City.
    expect(html).toMatch(/Emitido el 31 de enero de 2027.*11:30/);
    // Identity: logo and font inlined, nothing to fetch.
    expect(html).toContain("data:image/svg+xml;base64,");
    expect(html).toContain("data:font/woff2;base64,");
    expect(html).toContain("#611232");
    expect(html).toContain("#bc955c");
    expect(html).not.toMatch(/(src|href)="(?!data:|https:\/\/zoom\.us)/);
  });

  it("inlines the QR code of exactly the verification URL", async () => {
    const data = onlineData();
    const html = await renderAccessDocumentHtml(data);
    const expected = await verificationQrSvg(data.verificationUrl);
    expect(expected).toMatch(/^<svg[^>]*viewBox/);
    expect(html).toContain(expected);
    // A different URL gives a different code, so the comparison above is meaningful.
    const other = await verificationQrSvg(verificationUrl("https://www.himfg.edu.mx", newVerificationToken()));
    expect(other).not.toBe(expected);
    expect(html).not.toContain(other);
    expect(html).toContain(data.verificationUrl);
  });

  it("shows the venue for an in-person course, the calendar day without shifting it, and 'Gratuito' at 0", async () => {
    const html = await renderAccessDocumentHtml(
      onlineData({
        modality: { kind: "presencial", venue: "Auditorio Dr. Federico Gómez Santos" },
        course: { name: "Curso de un día", startDate: "2027-01-01", finishDate: "2027-01-01" },
        amountCentavos: 0,
      }),
    );
    expect(html).toContain("Presencial");
    expect(html).toContain("Auditorio Dr. Federico Gómez Santos");
    expect(html).toContain("1 de enero de 2027");
    expect(html).not.toContain("31 de diciembre");
    expect(html).not.toContain("Contraseña del curso");
    expect(html).toContain("Gratuito");
    expect(html).not.toContain("$0.00");
  });

  it("refuses a non-web access URL, a relative verification URL and impossible dates", async () => {
    await expect(
      renderAccessDocumentHtml(onlineData({ modality: { kind: "en_linea", accessUrl: "javascript:alert(1)", coursePassword: null } })),
    ).rejects.toThrow(RangeError);
    await expect(renderAccessDocumentHtml(onlineData({ verificationUrl: verificationPath(token) }))).rejects.toThrow(RangeError);
    await expect(renderAccessDocumentHtml(onlineData({ course: { name: "X", startDate: "2027-02-30", finishDate: "2027-03-01" } }))).rejects.toThrow(
      RangeError,
    );
    await expect(renderAccessDocumentHtml(onlineData({ course: { name: "X", startDate: "2027-03-05", finishDate: "2027-03-01" } }))).rejects.toThrow(
      RangeError,
    );
  });
});

describe("PDF rendering", () => {
  beforeAll(async () => {
    await closePdfBrowser();
  });

  it("renders the access document as a valid one-page A4 PDF, reusing one browser", async () => {
    const before = pdfBrowserStatus().launches;
    const first = await renderAccessPdf(onlineData());
    const second = await renderAccessPdf(onlineData({ modality: { kind: "presencial", venue: "Auditorio principal" }, amountCentavos: 0 }));
    expect(pdfBrowserStatus().launches - before).toBe(1);

    for (const pdf of [first, second]) {
      const doc = await loadPdf(pdf);
      expect(doc.getPageCount()).toBe(1);
      const { width, height } = doc.getPage(0).getSize();
      expect(Math.abs(width - 595.3)).toBeLessThan(2);
      expect(Math.abs(height - 841.9)).toBeLessThan(2);
      // Chromium writes the document's <title> into the PDF metadata.
      expect(doc.getTitle()).toBe("Comprobante de acceso — Urgencias pediátricas & trauma 2027");
    }
  });

  it("launches one browser for concurrent first renders", async () => {
    await closePdfBrowser();
    const before = pdfBrowserStatus().launches;
    const pdfs = await Promise.all(Array.from({ length: 5 }, (_, i) => renderPdf(`<!DOCTYPE html><title>Doc ${i}</title><p>Documento ${i}</p>`)));
    expect(pdfBrowserStatus().launches - before).toBe(1);
    for (const [i, pdf] of pdfs.entries()) expect((await loadPdf(pdf)).getTitle()).toBe(`Doc ${i}`);
  });

  it("reuses a small pool of pages instead of opening one per render", async () => {
    await closePdfBrowser();
    const before = pdfBrowserStatus().pagesOpened;
    for (let round = 0; round < 3; round++) {
      const pdfs = await Promise.all(
        Array.from({ length: 5 }, (_, i) => renderPdf(`<!DOCTYPE html><title>Ronda ${round} doc ${i}</title><p>${round}-${i}</p>`)),
      );
      // Each render has its own document: nothing of another render leaks into it.
      for (const [i, pdf] of pdfs.entries()) expect((await loadPdf(pdf)).getTitle()).toBe(`Ronda ${round} doc ${i}`);
    }
    // 15 renders, at most 3 at once: 3 pages, not 15.
    expect(pdfBrowserStatus().pagesOpened - before).toBeLessThanOrEqual(3);
  });

  it("blocks every request except data: URLs and runs no script", async () => {
    let hits = 0;
    let connections = 0;
    const server = http.createServer((_req, res) => {
      hits += 1;
      res.end("x");
    });
    server.on("connection", () => {
      connections += 1;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const blocked: string[] = [];
      const html = `<!DOCTYPE html><html><head><title>Bloqueo</title>
        <link rel="stylesheet" href="${base}/style.css"></head><body>
        <p>Texto</p>
        <img src="http://127.0.0.1:1/x.png" alt="">
        <img src="${base}/image.png" alt="">
        <img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=" alt="">
        <iframe src="${base}/frame"></iframe>
        <script src="${base}/script.js"></script>
        <script>
          for (let i = 0; i < 400; i++) { const p = document.createElement("p"); p.textContent = "script " + i; document.body.append(p); }
          new Image().src = "${base}/from-script.png";
        </script>
        </body></html>`;
      const pdf = await renderPdf(html, { format: "Letter", onBlockedRequest: (url) => blocked.push(url) });
      const doc = await loadPdf(pdf);
      // 400 paragraphs would take several pages if the inline script had run.
      expect(doc.getPageCount()).toBe(1);
      const { width, height } = doc.getPage(0).getSize();
      expect(Math.abs(width - 612)).toBeLessThan(2);
      expect(Math.abs(height - 792)).toBeLessThan(2);
      expect(hits).toBe(0);
      // Not even a TCP connection (Chromium preconnects to an iframe's host before interception).
      expect(connections).toBe(0);
      expect(blocked).toEqual(expect.arrayContaining([`${base}/style.css`, "http://127.0.0.1:1/x.png", `${base}/image.png`, `${base}/frame`]));
      expect(blocked.some((url) => url.startsWith("data:"))).toBe(false);
      expect(blocked).not.toContain(`${base}/from-script.png`);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("launches a new browser when the running one has died", async () => {
    await renderPdf("<!DOCTYPE html><title>Antes</title><p>Antes</p>");
    const { launches, pid } = pdfBrowserStatus();
    expect(pid).toEqual(expect.any(Number));
    process.kill(pid as number, "SIGKILL");
    // The 'disconnected' listener forgets the dead browser.
    for (let i = 0; i < 100 && pdfBrowserStatus().pid !== null; i++) await new Promise((r) => setTimeout(r, 50));
    expect(pdfBrowserStatus().pid).toBeNull();

    const pdf = await renderPdf("<!DOCTYPE html><title>Después</title><p>Después</p>");
    expect((await loadPdf(pdf)).getTitle()).toBe("Después");
    expect(pdfBrowserStatus().launches).toBe(launches + 1);
    expect(pdfBrowserStatus().pid).not.toBe(pid);
  });
});
