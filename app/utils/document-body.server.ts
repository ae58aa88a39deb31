import { singleton } from "~/utils/singleton.server";

/**
 * The whole body of each document app/entry.server.tsx rendered, kept beside its Response (weakly:
 * it goes with the Response). The server (server/app.ts `remixRequestHandler`, the page cache) sends
 * or keeps those bytes as they are, instead of reading them back chunk by chunk through the
 * Response's stream, which cost a signed-in page about 4 % of its CPU (issue 22). The Response still
 * carries the same body, so anything else that reads it sees the document.
 */
const bodies = () => singleton("document-bodies", () => new WeakMap<Response, Buffer>());

/** A document's Response, its body kept for documentBodyOf. */
export function documentResponse(body: Buffer, init: ResponseInit): Response {
  const response = new Response(body as unknown as BodyInit, init);
  bodies().set(response, body);
  return response;
}

/** The whole body of a document made by documentResponse; undefined for any other Response. */
export function documentBodyOf(response: Response): Buffer | undefined {
  return bodies().get(response);
}
