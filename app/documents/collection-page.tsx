import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { DocumentGroups } from "~/components/document-groups";
import { RichText } from "~/components/rich-text";
import type { DocumentCollectionView } from "~/documents/documents.server";

/** A page that shows one document collection under a title and its introduction (Markdown from the database). */
export function CollectionPage({
  title,
  crumbs,
  collection,
  children,
}: {
  title: string;
  crumbs: Crumb[];
  collection: DocumentCollectionView;
  children?: ReactNode;
}) {
  return (
    <div className="container page doc-page">
      <Breadcrumbs items={crumbs} />
      <h1>{title}</h1>
      {collection.intro ? <RichText html={collection.intro} className="doc-page__lead" /> : null}
      <DocumentGroups groups={collection.groups} headingLevel={2} />
      {children}
    </div>
  );
}

/** The loader's answer when a collection has not been created (a Spanish 404). */
export function collectionNotFound(): Response {
  return new Response("No encontramos esta colección de documentos", { status: 404 });
}
