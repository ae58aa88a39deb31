import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, test } from "vitest";

// ONE ACTION SHAPE (issue 23, decision 0047): every route module that exports an `action` builds it
// with staffAction / participantAction / publicAction (app/actions/pipeline.server.ts), so its guard,
// body reading, schema and refusal reply are the pipeline's. This reads app/routes (syntax only) and
// fails on an action that does not call one of them, outside the named list below.

const ROUTES = path.resolve("app/routes");
const PIPELINE_CALLS = new Set(["staffAction", "participantAction", "publicAction"]);

/**
 * Builders that several routes share: each returns (or its members return) one of the calls above,
 * so a route that calls one (`galleryImageAction(args, …)`, `PROFILE_ROUTES.create(args, …)`) is on
 * the pipeline. Each entry names the module that exports it; a test below reads that module.
 */
const PIPELINE_BUILDERS: Record<string, string> = {
  galleryImageAction: "app/gallery/gallery-routes.server.ts",
  DEPARTMENT_ROUTES: "app/content/record-editor-routes.server.ts",
  RESEARCH_UNIT_ROUTES: "app/content/record-editor-routes.server.ts",
  PROFILE_ROUTES: "app/content/record-editor-routes.server.ts",
};

/**
 * OFF THE PIPELINE BY NAME, each with its reason (a regular expression over the file name in
 * app/routes). An entry whose modules all go through the pipeline fails the test below, so the
 * list only shrinks.
 */
const OFF_PIPELINE: readonly { route: string; reason: string }[] = [
  // Foreign wire formats: their answers are someone else's contract, not a Spanish form's reply.
  { route: "api\\..*", reason: "the compatibility API: the old client's JSON contract (statuses, bodies, errors)" },
  { route: "payment_\\.relay\\.tsx", reason: "the bank's relay: Banorte's wire format, idempotent, every call recorded" },
  { route: "simulador-banorte\\.pago\\.tsx", reason: "the Banorte simulator: answers in the bank's own format for the lightbox" },
  { route: "\\$\\.tsx", reason: "the catch-all takes no form: every post is a 405 (a page) or a 404, nothing is read" },
  // The catalogue's «Elegir» has no form to show a message on: a tampered post is a thrown 400 (the
  // error page) and an unknown course a thrown 404, as course-catalogue.test.ts asserts.
  { route: "ensenanza\\.offer\\.tsx", reason: "a one-button form answered by redirects and thrown 400/404, no form reply" },
];

/** The `action` a module exports and whether it calls the pipeline; null when it exports none. */
function actionShape(fileName: string, text: string): "pipeline" | "bypass" | null {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  let found: ts.Node | null = null;
  let reexported = false;
  const exported = (node: ts.Node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const statement of source.statements) {
    if (ts.isFunctionDeclaration(statement) && statement.name?.text === "action" && exported(statement)) found = statement;
    if (ts.isVariableStatement(statement) && exported(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === "action") found = declaration;
      }
    }
    // `export { action } from "…"` or `export { something as action }`: not visible here, so not the pipeline's.
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      if (statement.exportClause.elements.some((element) => element.name.text === "action")) reexported = true;
    }
  }
  if (reexported) return "bypass";
  if (!found) return null;
  let calls = false;
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const callee = ts.isPropertyAccessExpression(node.expression) ? node.expression.expression : node.expression;
      if (ts.isIdentifier(callee) && (PIPELINE_CALLS.has(callee.text) || callee.text in PIPELINE_BUILDERS)) calls = true;
    }
    if (!calls) ts.forEachChild(node, visit);
  };
  visit(found);
  return calls ? "pipeline" : "bypass";
}

const modules = fs
  .readdirSync(ROUTES, { recursive: true, encoding: "utf8" })
  .filter((name) => /\.tsx?$/.test(name))
  .map((name) => ({ name: name.split(path.sep).join("/"), shape: actionShape(name, fs.readFileSync(path.join(ROUTES, name), "utf8")) }));

const listed = (name: string) => OFF_PIPELINE.some(({ route }) => new RegExp(`^${route}$`).test(name));

describe("one action shape", () => {
  test("every route action goes through staffAction / participantAction / publicAction (outside the named list)", () => {
    const bypassing = modules.filter((m) => m.shape === "bypass" && !listed(m.name)).map((m) => m.name);
    expect(bypassing).toEqual([]);
  });

  test("each listed entry still names a module off the pipeline (remove it once they are all on it)", () => {
    const stale = OFF_PIPELINE.filter(({ route }) => !modules.some((m) => m.shape === "bypass" && new RegExp(`^${route}$`).test(m.name)));
    expect(stale.map((entry) => entry.route)).toEqual([]);
  });

  test("each shared builder is exported by its module and builds its actions with the pipeline", () => {
    for (const [name, file] of Object.entries(PIPELINE_BUILDERS)) {
      const text = fs.readFileSync(path.resolve(file), "utf8");
      expect(text, `${file} exports ${name}`).toMatch(new RegExp(`export (const|function) ${name}\\b`));
      expect(text, `${file} calls the pipeline`).toMatch(/\b(staffAction|participantAction|publicAction)\(/);
    }
  });

  test("the scan tells a pipeline action from one that bypasses it", () => {
    const pipeline = "export const action = (args: ActionFunctionArgs) => publicAction({ schema, step, done })(args);";
    const inside = "export async function action(args: ActionFunctionArgs) { return staffAction({ access, schema, step, done })(args); }";
    const bare = "export async function action({ request }: ActionFunctionArgs) { const form = await request.formData(); return null; }";
    const arrow = "export const action = async ({ request }: ActionFunctionArgs) => redirect('/');";
    const reexport = 'export { action } from "./other";';
    const builder = "export const action = (args: ActionFunctionArgs) => PROFILE_ROUTES.create(args, staffAccess);";
    const unknownMember = "export const action = (args: ActionFunctionArgs) => SOMETHING.create(args);";
    const none = "export async function loader() { return null; }";
    expect([pipeline, inside, bare, arrow, reexport, builder, unknownMember, none].map((text) => actionShape("sample.tsx", text))).toEqual([
      "pipeline",
      "pipeline",
      "bypass",
      "bypass",
      "bypass",
      "pipeline",
      "bypass",
      null,
    ]);
    expect(actionShape("userlogin.tsx", fs.readFileSync(path.join(ROUTES, "userlogin.tsx"), "utf8"))).toBe("pipeline");
  });
});
