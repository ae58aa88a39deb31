import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The frame of a gallery's staff pages (a new image, an image, the gallery's texts): the link back
 * to the gallery's list, the page's heading, then the form.
 */
export function GalleryEditorPage({
  gallery,
  heading,
  children,
}: {
  gallery: { name: string; title: string };
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container page">
      <p>
        <Link to={`/admin/galerias/${gallery.name}`}>Volver a {gallery.title}</Link>
      </p>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
