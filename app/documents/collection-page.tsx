import type { ReactNode } from "react";
import { Breadcrumbs, type Crumb } from "~/components/breadcrumbs";
import { DocumentGroups } from "~/components/document-groups";
import type { DocumentCollectionView } from "~/documents/documents.server";

/** A page that shows one document collection under a title and a short introduction. */
export function CollectionPage({
  title,
  crumbs,
  intro,
  collection,
  children,
}: {
  title: string;
  crumbs: Crumb[];
  intro: ReactNode;
  collection: DocumentCollectionView;
  children?: ReactNode;
}) {
  return (
    <div className="container page doc-page">
      <Breadcrumbs items={crumbs} />
      <h1>{title}</h1>
      <div className="doc-page__lead">{intro}</div>
      <DocumentGroups groups={collection.groups} headingLevel={2} />
      {children}
    </div>
  );
}

/** The loader's answer when a collection has not been created (a Spanish 404). */
export function collectionNotFound(): Response {
  return new Response("No encontramos esta colección de documentos", { status: 404 });
}
