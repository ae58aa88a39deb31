import type { SafeHtml } from "~/content/markdown.server";

/**
 * Shows stored rich text. Only accepts the SafeHtml that renderMarkdown() produced on the
 * server (the type cannot be built from a plain string), so unsanitised HTML cannot reach here.
 */
export function RichText({ html, className }: { html: SafeHtml; className?: string }) {
  if (!html.__html) return null;
  return <div className={className ? `rich-text ${className}` : "rich-text"} dangerouslySetInnerHTML={{ __html: html.__html }} />;
}
