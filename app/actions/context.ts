import type { SessionUser } from "~/accounts/session.server";
import type { StaffUser } from "~/staff/staff";

/**
 * THE ONE CONTEXT of a staff domain step (issue 23): who is acting and on which request. The
 * action pipeline (pipeline.server.ts) builds it after the guard; every staff change takes it,
 * keeps `actor.name` beside the change where a column wants it, and writes its audit row with it
 * (`audit()` in app/actions/audit.server.ts).
 */
export interface StaffContext {
  actor: StaffUser;
  requestId: string | null;
}

/** The one context of a participant's step: the signed-in participant and the request. */
export interface ParticipantContext {
  participant: SessionUser;
  requestId: string | null;
}

/**
 * The context of an anonymous (public) step: nobody is signed in, so only the request: its id and
 * the client's address (what the public forms' throttles count by).
 */
export interface PublicContext {
  clientAddress: string;
  requestId: string | null;
}
