import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

/**
 * The one way stored rich text becomes HTML. Staff paste into these fields, so the stored text
 * is never trusted: Markdown is converted with marked, and the result goes through a strict
 * allow-list (sanitize-html). Anything outside it (script, style, iframes, event handlers,
 * javascript: or data: URLs, inline styles, classes, images) is dropped, and raw HTML inside
 * the Markdown is treated the same way. Headings start at h2 because every page owns its h1.
 */
export interface SafeHtml {
  /** Sanitised HTML; the only value the site passes to dangerouslySetInnerHTML. */
  readonly __html: string;
  readonly __brand: "SafeHtml";
}

const markdown = new Marked({ gfm: true, breaks: false, async: false });

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "hr",
    "h2",
    "h3",
    "h4",
    "strong",
    "em",
    "b",
    "i",
    "u",
    "s",
    "del",
    "sup",
    "sub",
    "small",
    "ul",
    "ol",
    "li",
    "blockquote",
    "a",
    "code",
    "pre",
    "abbr",
    "table",
    "caption",
    "thead",
    "tbody",
    "tfoot",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title", "rel", "hreflang", "lang"],
    abbr: ["title"],
    th: ["scope", "colspan", "rowspan"],
    td: ["colspan", "rowspan"],
    ol: ["start"],
  },
  allowedSchemes: ["https", "http", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  // Keep the text of unknown tags, but drop these wholesale with everything inside them.
  nonTextTags: ["script", "style", "textarea", "option", "noscript", "iframe", "object", "embed", "svg", "math", "template", "title"],
  transformTags: {
    h1: "h2",
    h5: "h4",
    h6: "h4",
    a: (tagName, attribs) => {
      const href = attribs.href ?? "";
      // External links never get access to window.opener nor send our full URL.
      if (/^https?:\/\//i.test(href)) return { tagName, attribs: { ...attribs, rel: "noopener noreferrer" } };
      const { rel: _rel, ...rest } = attribs;
      return { tagName, attribs: rest };
    },
  },
};

/** Sanitises an HTML fragment with the site's rich-text allow-list. */
export function sanitizeRichHtml(html: string): SafeHtml {
  return { __html: sanitizeHtml(html, sanitizeOptions), __brand: "SafeHtml" } as SafeHtml;
}

/**
 * Renders stored Markdown to sanitised HTML. Text too deep for marked (its recursion overflows the
 * stack: `"> " × 5000`) is refused when saved (app/utils/markdown-limits.ts), but rows written
 * before that rule, or by hand, must never make their page a 500: such a text is shown as plain
 * paragraphs, and the failure logged (decision 0032).
 */
export function renderMarkdown(source: string | null | undefined): SafeHtml {
  if (!source?.trim()) return sanitizeRichHtml("");
  let html: string;
  try {
    html = markdown.parse(source) as string;
  } catch (error) {
    console.error(
      JSON.stringify({ level: "error", message: "markdown could not be rendered: shown as plain text", error: String(error).slice(0, 200) }),
    );
    return sanitizeRichHtml(plainParagraphs(source));
  }
  return sanitizeRichHtml(headingsFromH2(html));
}

/** The text as escaped paragraphs (blank lines separate them), with no Markdown read at all. */
function plainParagraphs(source: string): string {
  const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
  return source
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escape(paragraph)}</p>`)
    .join("");
}

/**
 * Moves every heading up so that the body's highest one is an h2: a text written with "###"
 * headings must not skip from the page's h1 to h3 (an outline error for screen readers and for
 * the HTML validator). Relative levels are kept.
 */
function headingsFromH2(html: string): string {
  const levels = [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
  if (levels.length === 0) return html;
  const shift = Math.min(...levels) - 2;
  if (shift <= 0) return html;
  return html.replace(/<(\/?)h([1-6])(?=[\s>])/g, (_m, slash: string, level: string) => `<${slash}h${Number(level) - shift}`);
}
