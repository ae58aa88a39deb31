import { useForm } from "@conform-to/react";
import type { FieldMeta } from "./forms";

// conform's own constraint on a form's values (an interface has no index signature for `unknown`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type FormValues = Record<string, any>;
type FormOptions<Schema extends FormValues> = Parameters<typeof useForm<Schema>>[0];

/**
 * The form as a page without React in the browser reads it: its id, conform's noValidate (the
 * server's messages, not the browser's, are shown) and its own (not a field's) errors.
 */
export interface PlainFormMeta {
  id: string;
  noValidate: boolean;
  errors?: string[];
}

/** Each field of the schema as plain metadata (the shape Field, SelectField and the summary take). */
export type PlainFields<Schema extends FormValues> = { readonly [Name in keyof Schema & string]-?: FieldMeta };

/**
 * conform's useForm for a form on a page that does not hydrate (`handle: { hydrate: false }`):
 * conform still works out the form's state (the last answer's values and errors, the defaults,
 * the ids), and the form and each field are then read from it once, as plain objects with the ids
 * conform gives them (`<form id>-<name>`, `-error`, `-description`). conform's own field metadata
 * builds a Proxy, an object of getters and a new copy of its subscription list on every property
 * read; that bookkeeping only tells a hydrated form what to re-render in the browser, and on
 * /profile it was ~7 % of the server's CPU (issue 22). Flat field names only, as every such form
 * has. `tests/unit/plain-form.test.ts` checks the metadata against conform's own. Rendered in a
 * browser all the same (a hydrated page that navigates to one of these pages without a document
 * load): the form's own reads of its errors and values keep conform re-rendering it when they change.
 */
export function usePlainForm<Schema extends FormValues>(options: FormOptions<Schema>): [PlainFormMeta, PlainFields<Schema>] {
  const [form] = useForm<Schema>(options);
  const formId = form.id;
  const errors = form.allErrors as Record<string, string[] | undefined>;
  const initialValues = (form.initialValue ?? {}) as Record<string, unknown>;
  const made = new Map<string, FieldMeta>();
  const fields = new Proxy({} as PlainFields<Schema>, {
    get(_target, name) {
      if (typeof name !== "string") return undefined;
      let meta = made.get(name);
      if (!meta) {
        const id = `${formId}-${name}`;
        meta = {
          id,
          name,
          errorId: `${id}-error`,
          descriptionId: `${id}-description`,
          errors: own(errors, name),
          initialValue: own(initialValues, name),
        };
        made.set(name, meta);
      }
      return meta;
    },
  });
  return [{ id: formId, noValidate: form.noValidate, errors: own(errors, "") }, fields];
}

function own<Value>(record: Record<string, Value>, name: string): Value | undefined {
  return Object.hasOwn(record, name) ? record[name] : undefined;
}
