import fs from "node:fs";
import path from "node:path";
import type { ActionFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { z } from "zod";
import { notFound, refuse } from "~/actions/outcome";
import { participantAction, staffAction, staffIntent, uploadBody } from "~/actions/pipeline.server";
import type { FileRule } from "~/accounts/uploads.server";
import { db } from "~/db.server";
import { createParticipant, createSignedInStaff, removeStaffMembers, sessionCookieFor } from "../factories";

// THE action pipeline (app/actions/pipeline.server.ts, decision 0047) with a real staff session
// and real requests: the guard, the intent field (and the old ?intent= address), the schema, the
// one refusal reply, uploads over the limit, and the participant side.

const context = { cspNonce: "n", requestId: "pipeline-test", clientAddress: "127.0.0.1" };
let staffCookie = "";
let staffId = 0;

beforeAll(async () => {
  const staff = await createSignedInStaff(db, "finanzas");
  staffCookie = staff.cookie;
  staffId = staff.user.id;
});

afterAll(async () => removeStaffMembers([staffId]));

function post(cookie: string, body: BodyInit, url = "http://localhost/admin/prueba", headers: Record<string, string> = {}): ActionFunctionArgs {
  const request = new Request(url, { method: "POST", headers: { Cookie: cookie, ...headers }, body });
  return { request, params: {}, context };
}

/** What an action answered: a Response (redirect) or Remix's data(), as status and body. */
function answer(value: unknown): { status: number; body: { intent: string | null; result: { error?: Record<string, string[]> } } | null } {
  if (value instanceof Response) return { status: value.status, body: null };
  const reply = value as { data: { intent: string | null; result: { error?: Record<string, string[]> } }; init?: { status?: number } };
  return { status: reply.init?.status ?? 200, body: reply.data };
}

const seen: { actor: string; requestId: string | null; value: unknown }[] = [];

const action = staffAction({
  access: ["finanzas"],
  intents: {
    guardar: staffIntent({
      schema: z.object({ nombre: z.string({ error: "Escriba el nombre." }).min(2, "El nombre es muy corto.") }),
      step: (ctx, { value }) => {
        seen.push({ actor: ctx.actor.email, requestId: ctx.requestId, value });
        if (value.nombre === "ocupado") return refuse(409, { fields: { nombre: "Ese nombre ya existe." } });
        if (value.nombre === "nadie") return notFound("No existe.");
        return { ok: true, id: 7 };
      },
      done: (outcome) => new Response(null, { status: 303, headers: { Location: `/admin/prueba/${outcome.id}` } }),
    }),
  },
});

describe("the staff action pipeline", () => {
  test("the guard comes first: no staff session is a redirect to sign in, and the step never runs", async () => {
    seen.length = 0;
    const refused = await action(post("", new URLSearchParams({ intent: "guardar", nombre: "Ana" }))).catch((thrown: unknown) => thrown);
    expect(answer(refused).status).toBe(303);
    expect(seen).toEqual([]);
  });

  test("the intent field picks the step, which gets the one StaffContext; success is the intent's done", async () => {
    seen.length = 0;
    const done = answer(await action(post(staffCookie, new URLSearchParams({ intent: "guardar", nombre: "Ana" }))));
    expect(done.status).toBe(303);
    expect(seen).toEqual([{ actor: expect.stringContaining("finanzas"), requestId: "pipeline-test", value: { nombre: "Ana" } }]);
  });

  test("an address with ?intent= still works when the body has no intent field", async () => {
    const done = answer(await action(post(staffCookie, new URLSearchParams({ nombre: "Ana" }), "http://localhost/admin/prueba?intent=guardar")));
    expect(done.status).toBe(303);
  });

  test("schema errors, refusals and unknown intents answer with the form's result and the status", async () => {
    const invalid = answer(await action(post(staffCookie, new URLSearchParams({ intent: "guardar", nombre: "A" }))));
    expect(invalid).toMatchObject({ status: 400, body: { intent: "guardar", result: { error: { nombre: ["El nombre es muy corto."] } } } });

    const taken = answer(await action(post(staffCookie, new URLSearchParams({ intent: "guardar", nombre: "ocupado" }))));
    expect(taken).toMatchObject({ status: 409, body: { intent: "guardar", result: { error: { nombre: ["Ese nombre ya existe."] } } } });

    const missing = answer(await action(post(staffCookie, new URLSearchParams({ intent: "guardar", nombre: "nadie" }))));
    expect(missing).toMatchObject({ status: 404, body: { result: { error: { "": ["No existe."] } } } });

    const unknown = answer(await action(post(staffCookie, new URLSearchParams({ intent: "borrar", nombre: "Ana" }))));
    expect(unknown.status).toBe(400);
    expect(unknown.body?.result.error?.[""]?.[0]).toMatch(/No entendimos/);
  });

  test("uploads: a body over the limit is a 413 with the rule's message; a missing required file is a field error", async () => {
    const rule: FileRule = {
      maxBytes: 10,
      detect: () => ({ contentType: "text/plain", extension: "txt" }),
      messages: { missing: "Adjunte el archivo.", tooLarge: "Pesa demasiado.", wrongType: "No es texto.", empty: "Está vacío." },
    } as unknown as FileRule;
    const upload = staffAction({
      access: ["finanzas"],
      read: uploadBody({ archivo: rule }, { maxBytes: 1024, tooLarge: "El envío pesa más de 1 KB." }),
      schema: z.object({}),
      requiredFiles: { archivo: "Adjunte el archivo." },
      step: () => ({ ok: true }),
      done: () => new Response(null, { status: 303, headers: { Location: "/admin/prueba" } }),
    });
    const big = new FormData();
    big.append("archivo", new Blob([new Uint8Array(4096)]), "grande.txt");
    const request = new Request("http://localhost/admin/prueba", { method: "POST", headers: { Cookie: staffCookie }, body: big });
    const tooLarge = answer(await upload({ request, params: {}, context }));
    expect(tooLarge).toMatchObject({ status: 413, body: { result: { error: { "": ["El envío pesa más de 1 KB."] } } } });

    const none = answer(await upload(post(staffCookie, new FormData())));
    expect(none).toMatchObject({ status: 400, body: { result: { error: { archivo: ["Adjunte el archivo."] } } } });
  });
});

describe("backTo: a form posted from another page", () => {
  const ran: string[] = [];
  const back = staffAction({
    access: ["finanzas"],
    backTo: () => "/admin/editor/3",
    intents: {
      retirar: staffIntent({
        schema: z.object({ motivo: z.string({ error: "Escriba el motivo." }) }),
        step: (_ctx, { value }) => {
          ran.push(value.motivo);
          if (value.motivo === "tarde") return refuse(409, "Ya no se puede retirar.");
          if (value.motivo === "nadie") return notFound("No encontramos el registro.");
          return { ok: true };
        },
        done: () => new Response(null, { status: 303, headers: { Location: "/admin/editor/3?hecho" } }),
      }),
    },
  });
  const toast = (response: Response) => decodeURIComponent(response.headers.get("Set-Cookie") ?? "");

  test("every refusal (schema, step, unknown intent) is a 303 back with an error toast; nothing else runs", async () => {
    ran.length = 0;
    const bodies: Record<string, string>[] = [{ intent: "retirar" }, { intent: "retirar", motivo: "tarde" }, { intent: "otra", motivo: "x" }];
    for (const body of bodies) {
      const response = (await back(post(staffCookie, new URLSearchParams(body)))) as Response;
      expect(response.status).toBe(303);
      expect(response.headers.get("Location")).toBe("/admin/editor/3");
      expect(toast(response)).toMatch(/^himfg_toast=/);
    }
    expect(ran).toEqual(["tarde"]);
    const done = (await back(post(staffCookie, new URLSearchParams({ intent: "retirar", motivo: "listo" })))) as Response;
    expect(done.headers.get("Location")).toBe("/admin/editor/3?hecho");
  });

  test("a 404 is the not-found answer, and another role gets the plain-text 403 (a resource route)", async () => {
    const missing = await back(post(staffCookie, new URLSearchParams({ intent: "retirar", motivo: "nadie" }))).catch((thrown: unknown) => thrown);
    expect(missing).toBeInstanceOf(Response);
    expect((missing as Response).status).toBe(404);
    expect(await (missing as Response).text()).toBe("No encontramos el registro.");

    const other = await createSignedInStaff(db, "comunicacion");
    const stepsBefore = ran.length;
    try {
      const refused = await back(post(other.cookie, new URLSearchParams({ intent: "retirar", motivo: "listo" }))).catch((thrown: unknown) => thrown);
      expect(refused).toBeInstanceOf(Response);
      expect((refused as Response).status).toBe(403);
      expect((refused as Response).headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    } finally {
      await removeStaffMembers([other.user.id]);
    }
    expect(ran.length).toBe(stepsBefore);
  });
});

describe("the participant action pipeline", () => {
  test("requireUser first, then the step with the signed-in participant", async () => {
    const participant = await createParticipant({ name: "Participante del Pipeline" });
    const names: string[] = [];
    const act = participantAction({
      schema: z.object({}),
      step: (ctx) => {
        names.push(ctx.participant.name);
        return { ok: true };
      },
      done: () => new Response(null, { status: 303, headers: { Location: "/profile" } }),
    });
    const anonymous = await act(post("", new URLSearchParams({}), "http://localhost/profile")).catch((thrown: unknown) => thrown);
    expect(answer(anonymous).status).toBe(303);
    expect(names).toEqual([]);
    const cookie = await sessionCookieFor(participant);
    expect(answer(await act(post(cookie, new URLSearchParams({}), "http://localhost/profile"))).status).toBe(303);
    expect(names).toEqual(["Participante del Pipeline"]);
  });
});

describe("route modules in the browser", () => {
  test("no browser chunk of a route calls the pipeline (its .server import is empty there): the action is built inside a function", () => {
    const dir = path.resolve("public/build/routes");
    const chunks = fs.readdirSync(dir).filter((name) => name.endsWith(".js"));
    expect(chunks.length).toBeGreaterThan(40);
    const calling = chunks.filter((name) =>
      /\.(staffAction|participantAction|publicAction|staffIntent|participantIntent|publicIntent|uploadBody|formBody|noBody)\)\(/.test(
        fs.readFileSync(path.join(dir, name), "utf8"),
      ),
    );
    expect(calling).toEqual([]);
  });
});
