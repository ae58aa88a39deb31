import { describe, expect, test } from "vitest";
import { renderMarkdown } from "~/content/markdown.server";
import { parseStaffLinks } from "~/content/department-pages.server";
import { parseSessionVideo } from "~/content/session-video.server";

const html = (markdown: string) => renderMarkdown(markdown).__html;

describe("renderMarkdown", () => {
  test("renders the Markdown staff write: headings from h2, lists, links, tables", () => {
    const out = html("# Título\n\nTexto con **negritas** y [un enlace](/requisitos).\n\n- uno\n- dos\n\n| a | b |\n| - | - |\n| 1 | 2 |");
    expect(out).toContain("<h2>Título</h2>");
    expect(out).not.toContain("<h1");
    expect(out).toContain("<strong>negritas</strong>");
    expect(out).toContain('<a href="/requisitos">un enlace</a>');
    expect(out).toContain("<li>uno</li>");
    expect(out).toContain("<td>2</td>");
  });

  test("drops script elements and their content", () => {
    const out = html("Hola\n\n<script>alert('xss')</script>\n\n<p>fin</p>");
    expect(out).not.toMatch(/<script/i);
    expect(out).not.toContain("alert(");
    expect(out).toContain("Hola");
  });

  test("drops event handler attributes and images", () => {
    const out = html('<img src="x" onerror="alert(1)"> <p onclick="alert(2)" onmouseover="alert(3)">texto</p>');
    expect(out).not.toMatch(/onerror|onclick|onmouseover|<img/i);
    expect(out).toContain("<p>texto</p>");
  });

  test("neutralises javascript:, data: and vbscript: URLs in Markdown and raw HTML links", () => {
    const out = html(
      '[uno](javascript:alert(1)) <a href="JaVaScRiPt:alert(2)">dos</a> <a href="data:text/html;base64,PHNjcmlwdD4=">tres</a> <a href="vbscript:msgbox">cuatro</a> <a href="&#106;avascript:alert(5)">cinco</a>',
    );
    expect(out).not.toMatch(/javascript:|data:|vbscript:/i);
    expect(out).toContain("dos");
  });

  test("drops iframes, styles, forms, svg and inline style attributes", () => {
    const out = html(
      '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><form action="/x"><input name="a"></form><svg><script>alert(1)</script></svg><p style="color:red" class="x">ok</p>',
    );
    expect(out).not.toMatch(/<iframe|<style|<form|<input|<svg|style=|class=/i);
    expect(out).toContain("<p>ok</p>");
  });

  test("external links get rel=noopener noreferrer; an editor cannot set rel on internal ones", () => {
    expect(html("[PNT](https://www.plataformadetransparencia.org.mx/)")).toContain('rel="noopener noreferrer"');
    expect(html('<a href="/x" rel="opener">x</a>').trim()).toBe('<p><a href="/x">x</a></p>');
  });

  test("empty or missing text renders nothing", () => {
    expect(html("")).toBe("");
    expect(renderMarkdown(null).__html).toBe("");
  });
});

describe("parseStaffLinks", () => {
  test("keeps well-formed links and drops unsafe or malformed ones", () => {
    const json = JSON.stringify([
      { name: "Jefatura", link: "/direccion/medica" },
      { name: "Correo", link: "mailto:preposgrado@himfg.edu.mx" },
      { name: "Malo", link: "javascript:alert(1)" },
      { name: "", link: "/x" },
      { name: "Protocolo relativo", link: "//evil.example" },
      "texto",
    ]);
    expect(parseStaffLinks(json)).toEqual([
      { name: "Jefatura", link: "/direccion/medica" },
      { name: "Correo", link: "mailto:preposgrado@himfg.edu.mx" },
    ]);
    expect(parseStaffLinks("no es json")).toEqual([]);
  });
});

describe("parseSessionVideo", () => {
  test("a YouTube privacy-enhanced embed is embeddable and links to the watch page", () => {
    expect(parseSessionVideo("https://www.youtube-nocookie.com/embed/abcDEF12345")).toEqual({
      embedUrl: "https://www.youtube-nocookie.com/embed/abcDEF12345?autoplay=1",
      watchUrl: "https://www.youtube.com/watch?v=abcDEF12345",
    });
  });
  test("other https addresses are only linked; empty, http and javascript: are ignored", () => {
    expect(parseSessionVideo("https://vimeo.com/123")).toEqual({ embedUrl: null, watchUrl: "https://vimeo.com/123" });
    expect(parseSessionVideo("")).toBeNull();
    expect(parseSessionVideo("http://www.youtube-nocookie.com/embed/abcDEF12345")).toBeNull();
    expect(parseSessionVideo("javascript:alert(1)")).toBeNull();
  });
});
