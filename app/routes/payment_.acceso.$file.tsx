import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/accounts/session.server";
import { siteOrigin } from "~/config.server";
import { db } from "~/db.server";
import { accessPdfFor } from "~/enrolment/access-pdf.server";

/** /payment/acceso/<enrolment id>.pdf: the access PDF, for its owner only (staff access comes with the admin area). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const match = /^(\d{1,9})\.pdf$/.exec(params.file ?? "");
  if (!match) throw new Response("No encontrado", { status: 404 });
  const origin = siteOrigin();
  const pdf = await accessPdfFor(db, Number(match[1]), origin, user.id);
  if (!pdf) throw new Response("No encontrado", { status: 404 });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="acceso-inscripcion-${match[1]}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
