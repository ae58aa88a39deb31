import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireUser } from "~/accounts/session.server";
import { db } from "~/db.server";
import { renderTranscriptPdf } from "~/completion/transcript-document.server";
import { getOwnTranscript, issueTranscript, parseTranscriptYear, type TranscriptFacts } from "~/completion/transcript.server";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/**
 * /profile/constancia-anual/<year>.pdf: the signed-in participant's «Constancia anual de educación
 * continua» of that year (issued or replaced here, decision 0054); /profile/constancia-anual/<folio>.pdf
 * downloads a standing one again by its folio, for its owner only. Anything else is a Spanish 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const name = /^(.{1,40})\.pdf$/.exec(params.file ?? "")?.[1] ?? "";
  const year = parseTranscriptYear(name);
  let facts: TranscriptFacts | null;
  if (year !== null) {
    const outcome = await issueTranscript(db, user.id, year);
    if (!outcome.ok) throw new Response(outcome.problem.form.join(" "), { status: outcome.status, headers: TEXT });
    facts = outcome.transcript;
  } else facts = await getOwnTranscript(db, user.id, name);
  if (!facts) throw new Response("No encontramos esa constancia anual.", { status: 404, headers: TEXT });
  const pdf = await renderTranscriptPdf(facts);
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="constancia-anual-${facts.year}-${facts.folio}.pdf"`,
      "Cache-Control": "private, no-store",
    },
  });
}
