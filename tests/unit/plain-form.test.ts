import { useForm, type SubmissionResult } from "@conform-to/react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { usePlainForm } from "~/components/plain-form";

// usePlainForm (app/components/plain-form.ts) must give the forms of pages that do not hydrate
// exactly what conform's own metadata gives: the same ids, names, values and errors.

interface Values {
  student_name?: string;
  student_age?: number | string;
  student_grade?: string;
  documents?: string[];
  never_sent?: string;
}
interface Options {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  defaultValue?: Partial<Values>;
}
// (conform itself answers a name such as "constructor" with the prototype's function: not compared.)
const NAMES = ["student_name", "student_age", "student_grade", "documents", "never_sent"];

function readAll(form: { id: string; noValidate: boolean; errors?: string[] }, fields: Record<string, Record<string, unknown>>) {
  return {
    form: { id: form.id, noValidate: form.noValidate, errors: form.errors },
    fields: Object.fromEntries(
      NAMES.map((name) => {
        const meta = fields[name]!;
        return [
          name,
          {
            id: meta.id,
            name: meta.name,
            errorId: meta.errorId,
            descriptionId: meta.descriptionId,
            errors: meta.errors,
            initialValue: meta.initialValue,
          },
        ];
      }),
    ),
  };
}

/** Renders a component that calls `hook` and returns what it read. */
function read(hook: (options: Options) => ReturnType<typeof readAll>, options: Options) {
  let seen: ReturnType<typeof readAll> | undefined;
  renderToStaticMarkup(
    createElement(() => {
      seen = hook(options);
      return null;
    }),
  );
  return seen!;
}

const conforms = (options: Options) => {
  const [form, fields] = useForm<Values>(options);
  return readAll(form, fields as unknown as Record<string, Record<string, unknown>>);
};
const plain = (options: Options) => {
  const [form, fields] = usePlainForm<Values>(options);
  return readAll(form, fields as unknown as Record<string, Record<string, unknown>>);
};

describe("usePlainForm", () => {
  const cases: [string, Options][] = [
    [
      "a new form with its defaults (a number, an empty value)",
      { id: "editar-perfil", defaultValue: { student_name: "Ana", student_age: 35, student_grade: undefined } },
    ],
    [
      "a refused submit: the values sent back, field errors, a form error and a repeated name",
      {
        id: "registro",
        defaultValue: { student_name: "no se usa" },
        lastResult: {
          status: "error",
          initialValue: { student_name: "Ana <b>", student_age: "abc", documents: ["a.pdf", "b.pdf"] },
          error: { student_age: ["Escriba su edad en años."], student_grade: ["Elija su grado.", "Otro error"], "": ["Revise el formulario."] },
        },
      },
    ],
    ["an answer with no errors", { id: "factura", lastResult: { status: "success", initialValue: { student_name: "Ana" } } }],
    ["nothing at all", { id: "egresado" }],
  ];
  for (const [what, options] of cases) {
    it(`reads what conform reads: ${what}`, () => {
      const expected = read(conforms, options);
      expect(read(plain, options)).toEqual(expected);
    });
  }

  it("gives each field its own ids and no inherited values", () => {
    let fields: Record<string, unknown> = {};
    renderToStaticMarkup(
      createElement(() => {
        fields = usePlainForm<Values>({ id: "f", defaultValue: { student_name: "Ana" } })[1];
        return null;
      }),
    );
    expect(fields.student_name).toEqual({
      id: "f-student_name",
      name: "student_name",
      errorId: "f-student_name-error",
      descriptionId: "f-student_name-description",
      errors: undefined,
      initialValue: "Ana",
    });
    expect(fields.constructor).toMatchObject({ id: "f-constructor", name: "constructor", initialValue: undefined, errors: undefined });
  });
});
