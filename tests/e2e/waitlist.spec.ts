import { db } from "../../app/db.server";
import { MODALITY } from "../../app/courses/modality";
import { expireHolds } from "../../app/enrolment/enrolment.server";
import { createCourse, createEnrolment, createParticipant } from "../factories";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { signInAsNewParticipant } from "./participants";
import { signInAsStaff } from "./staff-session";

// Issue 26's journey: a full course, two participants join the line, a hold expires, the first
// gets the e-mail and claims the seat; the second is promoted when staff raise the capacity.
async function offerLinkFor(email: string): Promise<string> {
  const mail = await db
    .selectFrom("mail_deliveries")
    .select("message")
    .where("subject", "like", "Se liberó un lugar:%")
    .where("recipients", "like", `%${email}%`)
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return new URL(/http\S+\/lista-de-espera\/oferta\/[A-Za-z0-9_-]+/.exec(JSON.parse(mail.message!).text)![0]).pathname;
}

test("waitlist: join a full course, a hold expires and the first claims; the second is promoted when the capacity is raised", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const courseId = await createCourse({ course_max_range: 1, modality_id: MODALITY.PRESENCIAL_Y_EN_LINEA });
  const payer = await createParticipant({ name: "Pago Pendiente" });
  await createEnrolment(payer.id, courseId, {
    modality: "presencial",
    status: "pendiente_de_pago",
    amount_centavos: 150000,
    seat_held_until: new Date(Date.now() + 15 * 60_000).toISOString(),
  });

  const firstContext = await browser.newContext();
  const secondContext = await browser.newContext();
  const first = await signInAsNewParticipant(firstContext, baseURL!, { name: "Primera en Fila" });
  const second = await signInAsNewParticipant(secondContext, baseURL!, { name: "Segundo en Fila" });
  const firstPage = await firstContext.newPage();
  const secondPage = await secondContext.newPage();

  for (const [page, position] of [
    [firstPage, "1"],
    [secondPage, "2"],
  ] as const) {
    await page.goto(`/lista-de-espera/${courseId}`);
    await page.getByRole("button", { name: "Unirme a la lista de espera" }).click();
    await expect(page.getByRole("main")).toContainText(`Está en la lista de espera, en el lugar ${position}. Si se libera`);
  }
  await expectNoAxeViolations(secondPage);

  // The card hold runs out (the «pagos» job's expireHolds, run here at a later time).
  await expireHolds(db, new Date(Date.now() + 16 * 60_000));
  await firstPage.goto(await offerLinkFor(first.email));
  await expect(firstPage.getByRole("heading", { level: 1, name: /Lugar apartado/ })).toBeVisible();
  await expectNoAxeViolations(firstPage);
  await firstPage.getByRole("button", { name: "Tomar el lugar" }).click();
  await expect(firstPage).toHaveURL(/\/payment$/);
  const claimed = await db.selectFrom("enrolments").selectAll().where("participant_id", "=", first.id).executeTakeFirstOrThrow();
  expect(claimed).toMatchObject({ course_id: courseId, modality: "presencial", status: "pendiente_de_pago" });

  // Staff raise the capacity: the second is offered the new seat.
  const staffContext = await browser.newContext();
  await signInAsStaff(staffContext, baseURL!, "ensenanza");
  const staffPage = await staffContext.newPage();
  await staffPage.goto(`/admin/cursos/${courseId}`);
  await staffPage.getByLabel("Cupo presencial").fill("2");
  await staffPage.getByRole("button", { name: /Guardar/ }).click();
  await expect.poll(async () => offerLinkFor(second.email).catch(() => null)).not.toBeNull();
  await secondPage.reload();
  await expect(secondPage.getByText("Se liberó un lugar presencial para usted")).toBeVisible();

  await staffPage.goto(`/admin/cursos/${courseId}/lista-de-espera`);
  await expect(staffPage.getByRole("heading", { level: 1, name: /Lista de espera/ })).toBeVisible();
  await expect(staffPage.getByRole("row", { name: /Primera en Fila/ })).toContainText("Tomó el lugar");
  await expectNoAxeViolations(staffPage);
  await Promise.all([firstContext.close(), secondContext.close(), staffContext.close()]);
});
