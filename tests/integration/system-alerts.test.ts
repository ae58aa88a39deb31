import { afterAll, describe, expect, it } from "vitest";
import { readConfig } from "~/config.server";
import { db } from "~/db.server";
import { stopMailCapture } from "~/mail/capture.server";
import { deliverMail, retryDelivery, sendDueMail } from "~/mail/deliveries.server";
import { transmitMail } from "~/mail/mailer.server";
import { waitForMail } from "../support/mail";
import { currentProblems, notifyProblems } from "~/system/system-status.server";
import { createSignedInStaff } from "../factories";

afterAll(() => stopMailCapture());

describe("problems go to the administrators once", () => {
  it("a failed mail is kept with its error, mailed to the admins once, retried, and forgotten when it clears", async () => {
    const admin = await createSignedInStaff(db, "admin");
    process.env.SMTP_URL = "smtp://127.0.0.1:9";
    const failed = await deliverMail(db, { to: "persona@example.org", subject: "Acceso al curso", text: "Hola." }, transmitMail).finally(() => {
      delete process.env.SMTP_URL;
    });
    expect(failed.ok).toBe(false);
    const row = await db.selectFrom("mail_deliveries").selectAll().where("subject", "=", "Acceso al curso").executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "fallido", attempts: 1, last_error: expect.stringContaining("ECONNREFUSED") });
    expect(JSON.parse(row.message!)).toMatchObject({ to: ["persona@example.org"], text: "Hola." });

    const config = readConfig();
    const now = new Date();
    expect((await currentProblems(db, now, config)).map((problem) => problem.key)).toContain("correo:fallido");
    expect(await notifyProblems(db, now, config)).toMatchObject({ avisos: 1 });
    expect(await notifyProblems(db, new Date(now.getTime() + 15 * 60_000), config)).toMatchObject({ avisos: 0 });
    // The alert itself goes through the outbox, sent by the «correo» job.
    expect(await sendDueMail(db, transmitMail, new Date(now.getTime() + 60_000))).toMatchObject({ enviados: 1 });
    const alert = await waitForMail(db, { to: admin.user.email, subject: "Aviso del sitio" });
    expect(alert.text).toContain("correo(s) que no se pudieron enviar");
    expect(alert.text).toContain("/admin/sistema");

    expect(await retryDelivery(db, row.id, transmitMail)).toMatchObject({ ok: true, sent: { ok: true } });
    const sent = await db.selectFrom("mail_deliveries").selectAll().where("id", "=", row.id).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: "enviado", attempts: 2, message: null, last_error: null });
    expect(await notifyProblems(db, new Date(now.getTime() + 30 * 60_000), config)).toMatchObject({ avisos: 0, vigentes: 0 });
    expect(await db.selectFrom("system_alerts").selectAll().execute()).toEqual([]);
    const alerts = await db.selectFrom("mail_deliveries").select("subject").where("subject", "like", "Aviso del sitio%").execute();
    expect(alerts).toHaveLength(1);
  });
});
