// Host-side checks against the running container (Node >= 20, no dependencies).
//   node journey.mjs <base-url> register   -> / 200, /healthz, choose free course 285, register
//                                             (EXTERNO + a tiny PDF), enrol free, fetch the access
//                                             PDF; prints JSON with the e-mail and enrolment id
//   node journey.mjs <base-url> signin <email> <password> <enrolment-id>
//                                          -> sign in again and fetch the same access PDF (after a restart)
import { registrationForm } from "./registration-answers.mjs";

const [base, mode, ...rest] = process.argv.slice(2);
const origin = new URL(base).origin;
const jar = new Map();
const out = {};

function remember(res) {
  for (const c of res.headers.getSetCookie?.() ?? []) {
    const [pair] = c.split(";");
    const i = pair.indexOf("=");
    const name = pair.slice(0, i);
    const value = pair.slice(i + 1);
    if (/max-age=0|expires=thu, 01 jan 1970/i.test(c) || value === "") jar.delete(name);
    else jar.set(name, value);
  }
}
async function req(path, init = {}) {
  const headers = { ...(init.headers ?? {}), Cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") };
  if (init.method && init.method !== "GET") headers.Origin = origin;
  const res = await fetch(base + path, { ...init, headers, redirect: "manual" });
  remember(res);
  return res;
}
function must(cond, what, extra = "") {
  if (!cond) {
    console.log(JSON.stringify({ ...out, failed: what, extra: String(extra).slice(0, 600) }, null, 1));
    process.exit(1);
  }
}
async function pdfCheck(id) {
  const t = Date.now();
  const res = await req(`/payment/acceso/${id}.pdf`);
  const body = Buffer.from(await res.arrayBuffer());
  out.pdf = {
    status: res.status,
    type: res.headers.get("content-type"),
    bytes: body.length,
    head: body.subarray(0, 5).toString(),
    ms: Date.now() - t,
  };
  must(res.status === 200 && body.subarray(0, 5).toString() === "%PDF-", "access PDF", body.subarray(0, 300).toString());
}

if (mode === "register") {
  let res = await req("/");
  out.home = res.status;
  must(res.status === 200, "GET /", await res.text());
  res = await req("/healthz");
  out.healthz = { status: res.status, body: (await res.text()).slice(0, 200) };
  must(res.status === 200, "GET /healthz");

  res = await req("/ensenanza/offer", { method: "POST", body: new URLSearchParams({ intent: "choose", courseId: "285" }) });
  out.choose = { status: res.status, location: res.headers.get("location") };
  must(res.status === 303 && /\/register/.test(res.headers.get("location") ?? ""), "choose course 285", await res.text());

  const email = `contenedor-${Date.now()}@example.org`;
  const password = "Contenedor-Prueba-2026!";
  const pdf = Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
  const form = registrationForm({ name: "Prueba Contenedor", email, password, licence: pdf });
  res = await req("/register", { method: "POST", body: form });
  out.register = { status: res.status, location: res.headers.get("location"), email };
  must(res.status === 303 && /\/payment/.test(res.headers.get("location") ?? ""), "register", await res.text());

  const enrol = new FormData();
  enrol.set("intent", "free");
  res = await req("/payment", { method: "POST", body: enrol });
  out.enrol = { status: res.status, location: res.headers.get("location") };
  must(res.status === 303 && /\/profile/.test(res.headers.get("location") ?? ""), "free enrolment", await res.text());

  res = await req("/profile");
  const html = await res.text();
  const m = /\/payment\/acceso\/(\d+)\.pdf/.exec(html);
  must(res.status === 200 && m, "access PDF link on /profile", html.slice(0, 300));
  out.enrolmentId = Number(m[1]);
  out.password = password;
  await pdfCheck(m[1]);
} else if (mode === "signin") {
  const [email, password, id] = rest;
  let res = await req("/userlogin", { method: "POST", body: new URLSearchParams({ student_email: email, student_password: password }) });
  out.signin = { status: res.status, location: res.headers.get("location") };
  must(res.status === 303 || res.status === 302, "sign in after restart", await res.text());
  await pdfCheck(id);
} else {
  console.error("usage: journey.mjs <base-url> register | signin <email> <password> <enrolment-id>");
  process.exit(2);
}
console.log(JSON.stringify({ ok: true, ...out }));
