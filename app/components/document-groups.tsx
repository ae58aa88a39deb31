import type { DocumentGroupView, DocumentLink } from "~/documents/documents.server";
import documentStyles from "~/styles/documents.css";

export type { DocumentCollectionView, DocumentGroupView, DocumentLink } from "~/documents/documents.server";

/**
 * The stylesheet these components need. A route that renders them adds it to its links:
 *   export const links: LinksFunction = () => [{ rel: "stylesheet", href: documentStylesHref }];
 */
export const documentStylesHref = documentStyles;

interface DocumentGroupsProps {
  /** From getDocumentCollection(db, key).groups */
  groups: DocumentGroupView[];
  /** Level of each group's heading; the page decides so the outline stays in order. */
  headingLevel?: 2 | 3 | 4;
  /** Hide group headings (e.g. a collection with a single group titled like the page). */
  hideHeadings?: boolean;
}

/**
 * Lists of documents by group (a year or a label). Each link names the file type and size
 * ("PDF, 24 kB") inside the link itself, so screen readers announce it with the title. An empty
 * group says so in words instead of disappearing.
 */
export function DocumentGroups({ groups, headingLevel = 2, hideHeadings = false }: DocumentGroupsProps) {
  const Heading = `h${headingLevel}` as "h2" | "h3" | "h4";
  return (
    <div className="doc-groups">
      {groups.map((group) => (
        <section key={group.id} className="doc-group" aria-labelledby={hideHeadings ? undefined : `doc-group-${group.id}`}>
          {hideHeadings ? null : (
            <Heading id={`doc-group-${group.id}`} className="doc-group__title">
              {group.title}
            </Heading>
          )}
          {group.items.length === 0 ? (
            <p className="doc-group__empty">{group.emptyMessage ?? "Por el momento no hay documentos publicados en este apartado."}</p>
          ) : (
            <DocumentList items={group.items} />
          )}
        </section>
      ))}
    </div>
  );
}

export function DocumentList({ items }: { items: DocumentLink[] }) {
  return (
    <ul className="doc-list">
      {items.map((item) => (
        <li key={item.id} className="doc-list__item">
          <DocumentAnchor item={item} />
        </li>
      ))}
    </ul>
  );
}

export function DocumentAnchor({ item }: { item: DocumentLink }) {
  if (item.external) {
    return (
      <a href={item.href} className="doc-link" rel="noopener noreferrer" target="_blank">
        <span className="doc-link__title">{item.title}</span> <span className="doc-link__details">({item.details})</span>
        <span className="visually-hidden"> (se abre en una pestaña nueva)</span>
      </a>
    );
  }
  return (
    // A plain <a>, not <Link>: a file is not a Remix route, so the browser fetches it itself.
    <a href={item.href} className="doc-link" download={item.download ? "" : undefined} data-file-type={item.details.split(",")[0]}>
      <span className="doc-link__title">{item.title}</span> <span className="doc-link__details">({item.details})</span>
    </a>
  );
}
