import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/accounts/session.server";
import { renderConstanciaPdf } from "~/completion/constancia-document.server";
import { getOwnConstancia } from "~/completion/constancia-view.server";
import { db } from "~/db.server";

/** /profile/constancias/<folio>.pdf: a standing constancia's PDF, for its owner only (anyone else: 404). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const match = /^(.{1,40})\.pdf$/.exec(params.file ?? "");
  const facts = match ? await getOwnConstancia(db, user.id, match[1]!) : null;
  if (!facts)
    throw new Response("No encontramos esa constancia.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  const pdf = await renderConstanciaPdf(facts);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="constancia-${facts.folio}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
