import { afterAll, beforeAll, expect, test } from "vitest";
import { MODALITY } from "~/courses/modality";
import { db } from "~/db.server";
import { cancelEnrolment } from "~/enrolment/enrolment.server";
import { auditRows } from "../support/audit-rows";
import { useSeededDatabase } from "../support/database";
import { startTestServer } from "../support/test-server";
import { createCourse, createEnrolment, createParticipant, createSignedInStaff, sessionCookieFor } from "../factories";

// The waitlist's pages over real HTTP (the real Remix build): joining from the participant's page,
// the offer link (only its owner's, claimed once into the payment page), and the staff list with
// a reordering that is audited.
let baseUrl = "";
let close: () => Promise<void>;

beforeAll(async () => {
  await useSeededDatabase();
  ({ baseUrl, close } = await startTestServer());
});

afterAll(async () => close?.());

const post = (path: string, cookie: string, body: string) =>
  fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { Cookie: cookie, Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body,
    redirect: "manual",
  });
const page = async (path: string, cookie: string) => {
  const response = await fetch(`${baseUrl}${path}`, { headers: { Cookie: cookie }, redirect: "manual" });
  return { status: response.status, html: await response.text() };
};

test("join a full course's line, get the offer by e-mail, claim it into the payment; staff reorder with a reason", async () => {
  const courseId = await createCourse({ course_max_range: 1, modality_id: MODALITY.PRESENCIAL_Y_EN_LINEA });
  const holder = await createParticipant({ name: "Titular Lugar" });
  const enrolmentId = await createEnrolment(holder.id, courseId, { modality: "presencial", status: "confirmada" });
  const first = await createParticipant({ name: "Primera Espera" });
  const second = await createParticipant({ name: "Segunda Espera" });
  const firstCookie = await sessionCookieFor(first);
  const secondCookie = await sessionCookieFor(second);
  const path = `/lista-de-espera/${courseId}`;

  const before = await page(path, firstCookie);
  expect(before.status).toBe(200);
  expect(before.html).toContain("Unirme a la lista de espera");
  expect((await post(path, firstCookie, "intent=unirme")).status).toBe(303);
  expect((await post(path, secondCookie, "intent=unirme")).status).toBe(303);
  expect((await page(path, secondCookie)).html).toMatch(/en el lugar <strong>2<\/strong>/);
  // Joining twice is a 409 with the reason, not a second place.
  const again = await post(path, firstCookie, "intent=unirme");
  expect(again.status).toBe(409);
  expect(await again.text()).toContain("Ya tiene un lugar en la lista de espera");

  // Staff move the second person first, with a reason (audited).
  const staff = await createSignedInStaff(db, "ensenanza");
  const adminPath = `/admin/cursos/${courseId}/lista-de-espera`;
  const list = await page(adminPath, staff.cookie);
  expect(list.status).toBe(200);
  expect(list.html).toContain("Primera Espera");
  const secondEntry = await db.selectFrom("waitlist_entries").select("id").where("participant_id", "=", second.id).executeTakeFirstOrThrow();
  const noReason = await post(adminPath, staff.cookie, `intent=mover&entry=${secondEntry.id}&position=1&reason=`);
  expect(noReason.status).toBe(400);
  expect((await post(adminPath, staff.cookie, `intent=mover&entry=${secondEntry.id}&position=1&reason=Residente+con+rotaci%C3%B3n`)).status).toBe(
    303,
  );
  const audits = await auditRows("waitlist_entry", secondEntry.id);
  expect(audits.at(-1)).toMatchObject({ action: "lista_espera.reordenar" });
  expect((await page(path, secondCookie)).html).toMatch(/en el lugar <strong>1<\/strong>/);

  // A seat frees: the (new) first in line is mailed a link; nobody else can use it.
  await cancelEnrolment(db, enrolmentId);
  const mail = await db
    .selectFrom("mail_deliveries")
    .select(["recipients", "message"])
    .where("subject", "like", "Se liberó un lugar:%")
    .where("recipients", "like", `%${second.email}%`)
    .executeTakeFirstOrThrow();
  const token = /\/lista-de-espera\/oferta\/([A-Za-z0-9_-]+)/.exec(JSON.parse(mail.message!).text)![1]!;
  const offerPath = `/lista-de-espera/oferta/${token}`;
  expect((await page(offerPath, firstCookie)).status).toBe(404);
  expect((await post(offerPath, firstCookie, "")).status).toBe(404);
  const offer = await page(offerPath, secondCookie);
  expect(offer.status).toBe(200);
  expect(offer.html).toContain("Tomar el lugar");
  const claimed = await post(offerPath, secondCookie, "");
  expect(claimed.status).toBe(303);
  expect(claimed.headers.get("location")).toBe("/payment");
  const enrolment = await db.selectFrom("enrolments").selectAll().where("participant_id", "=", second.id).executeTakeFirstOrThrow();
  expect(enrolment).toMatchObject({ course_id: courseId, modality: "presencial", status: "pendiente_de_pago" });
  expect(enrolment.seat_held_until).not.toBeNull();
  // The link is used: a second claim is refused (404: the token is gone) and stores nothing.
  expect((await post(offerPath, secondCookie, "")).status).toBe(404);
  expect(await db.selectFrom("enrolments").select("id").where("participant_id", "=", second.id).execute()).toHaveLength(1);
}, 90_000);
