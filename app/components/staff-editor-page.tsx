import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * The frame of a staff editor page (a page, a banner, a gallery's image or texts): the link back
 * to its list, the page's heading, then what the page holds (the form, notes).
 *
 *   <StaffEditorPage backTo="/admin/banners" backLabel="Volver a los banners" heading="Agregar un banner">
 *     <BannerForm … />
 *   </StaffEditorPage>
 */
export function StaffEditorPage({
  backTo,
  backLabel,
  heading,
  children,
}: {
  backTo: string;
  backLabel: ReactNode;
  heading: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="container page">
      <p>
        <Link to={backTo}>{backLabel}</Link>
      </p>
      <h1>{heading}</h1>
      {children}
    </div>
  );
}
