import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { z } from "zod";
import { notFound } from "~/actions/outcome";
import { participantAction } from "~/actions/pipeline.server";
import { requireUser } from "~/accounts/session.server";
import { db } from "~/db.server";
import { renderTranscriptPdf } from "~/completion/transcript-document.server";
import { ANNUAL_TRANSCRIPT_ANCHOR, transcriptPdfPath } from "~/completion/transcript-folio";
import { getOwnTranscript, issueTranscript, parseTranscriptYear, transcriptOfYear, type TranscriptFacts } from "~/completion/transcript.server";
import { redirectWithToast } from "~/utils/toast.server";

const TEXT = { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" };

/** The file name of the address: "2027" or a folio, from "2027.pdf". */
const fileName = (params: LoaderFunctionArgs["params"]) => /^(.{1,40})\.pdf$/.exec(params.file ?? "")?.[1] ?? "";

/**
 * GET /profile/constancia-anual/<year>.pdf: the signed-in participant's «Constancia anual de
 * educación continua» of that year when it was generated and still lists the year's constancias;
 * otherwise back to /profile, whose «Generar» form issues it (a GET never writes, issue 23;
 * decision 0054). /profile/constancia-anual/<folio>.pdf downloads a standing one again by its
 * folio, for its owner only. Anything else is a Spanish 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const name = fileName(params);
  const year = parseTranscriptYear(name);
  let facts: TranscriptFacts | null;
  if (year !== null) {
    const found = await transcriptOfYear(db, user.id, year);
    if (!found.ok) throw new Response(found.problem.form.join(" "), { status: found.status, headers: TEXT });
    if (found.state !== "vigente") {
      const description =
        found.state === "sin_generar"
          ? `Genere primero su constancia anual ${year} con el botón «Generar».`
          : `Sus constancias de ${year} cambiaron: genere de nuevo su constancia anual ${year}.`;
      return redirectWithToast(`/profile#${ANNUAL_TRANSCRIPT_ANCHOR}`, { type: "info", description });
    }
    facts = found.transcript;
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

/**
 * POST /profile/constancia-anual/<year>.pdf (the «Generar» form on /profile): issues the year's
 * transcript, or returns the frozen one while its list stands, then downloads it by its folio.
 * Only a year of the signed-in participant's own is issued; a year without constancias is a 404.
 * A resource route answers a refusal as its Spanish text (a plain form post shows it as is).
 */
export const action = async (args: ActionFunctionArgs) => {
  const reply = await participantAction({
    schema: z.object({}),
    step: (ctx, { args }) => {
      const year = parseTranscriptYear(fileName(args.params));
      return year === null ? notFound("No encontramos esa constancia anual.") : issueTranscript(db, ctx.participant.id, year);
    },
    done: ({ transcript }) => redirect(transcriptPdfPath(transcript.folio), 303),
  })(args);
  if (!("init" in reply)) return reply;
  const messages = Object.values(reply.data.result.error ?? {}).flatMap((list) => list ?? []);
  return new Response(messages.join(" ") || "No pudimos generar la constancia anual.", { status: reply.init?.status ?? 400, headers: TEXT });
};
