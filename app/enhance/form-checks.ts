/**
 * Browser-side checks of the server-rendered forms of pages that do not hydrate (issue 22). The
 * server checks everything again; this only spares a round trip (and, for uploads, the chosen
 * files and the typed password). Every `form[data-checks]` gets:
 *
 * - Checks before sending, with the constraint validation API on what the markup says:
 *   `required` (or `data-required`: required, but not for the browser without JavaScript),
 *   `type=email`, `pattern`, `minlength`, plus `data-pattern` (a whole-value RegExp, applied to the
 *   trimmed value) and `data-min`/`data-max` (a number typed as text). Each failure's message is
 *   the server's, from `data-message-missing`, `data-message-invalid` (type or pattern),
 *   `data-message-too-short` and `data-message-range` on the control or its fieldset (else the
 *   browser's own), set with setCustomValidity.
 * - Messages where the server puts them: `<p id="{control id}-error" class="field__error">` in the
 *   control's `.field`, `field--invalid`, aria-invalid and aria-describedby. With
 *   `data-summary-title` the form has an error summary before it (the ErrorSummary markup), that
 *   takes focus and links to each field; `data-summary-form-title` titles a summary of form-wide
 *   errors only, and `data-summary-titles` (JSON, message → title) a summary whose every entry is
 *   that message. Without a summary, focus goes to the first field in error, and form-wide errors
 *   go to the form's `[data-form-errors]` paragraph.
 * - After a refused try, a field is checked again when it changes (not while a submit button is
 *   being pressed: the message leaving would move the button from under the pointer).
 * - File inputs: a chosen file is checked at once (empty, over `data-max-bytes`, not one of the
 *   types in `accept` by its first bytes, with the upload rules' own messages (FILE_MESSAGES,
 *   app/accounts/documents.ts; `data-message-empty`, `-too-large`, `-wrong-type` override them)); a refused file stays chosen but marked `data-refused`, and the
 *   upload-failure toast says why (`data-upload-failed` on the form is its title). Choosing
 *   another file clears what was said about the previous one; pressing the submit button does not
 *   read a reported file again, it repeats its message.
 * - `data-upload`: the form is sent with fetch to Remix's `.data` address (as a hydrated page
 *   does), so a refusal or a failed request keeps what was typed and chosen: the server's errors
 *   (a conform SubmissionResult, or one under `result`) are shown in place, a refused file also
 *   in the toast, and a failed request says `data-not-received` in the toast. A redirect is
 *   followed with a page load.
 */
import { decode } from "turbo-stream";
import { detectFileType, FILE_MESSAGES } from "~/accounts/documents";
import { showToast } from "./toasts";

type Control = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Errors = Map<string, string>;

const UPLOAD_TOAST = "upload-failed";

function isControl(element: Element | null | undefined): element is Control {
  return element instanceof HTMLInputElement || element instanceof HTMLSelectElement || element instanceof HTMLTextAreaElement;
}

/** The form's named controls in document order, one entry per name (a radio group is one). */
function namedControls(form: HTMLFormElement): Map<string, Control[]> {
  const byName = new Map<string, Control[]>();
  for (const element of Array.from(form.elements)) {
    if (!isControl(element) || !element.name || element.type === "hidden" || element.type === "submit") continue;
    byName.set(element.name, [...(byName.get(element.name) ?? []), element]);
  }
  return byName;
}

function message(control: Control, key: string): string | undefined {
  return control.dataset[key] ?? control.closest("fieldset")?.dataset[key];
}

function acceptedTypes(input: HTMLInputElement): string[] {
  return input.accept
    .split(",")
    .map((type) => type.trim())
    .filter((type) => type.includes("/"));
}

/** What can be said of a chosen file without reading it (size, and its name or declared type). */
function fileProblemAtOnce(input: HTMLInputElement, file: File): string | null {
  if (file.size === 0) return message(input, "messageEmpty") ?? FILE_MESSAGES.empty;
  const max = Number(input.dataset.maxBytes);
  if (max && file.size > max) return message(input, "messageTooLarge") ?? FILE_MESSAGES.tooLarge;
  const accept = input.accept.split(",").map((type) => type.trim().toLowerCase());
  const extension = `.${file.name.split(".").pop()?.toLowerCase() ?? ""}`;
  if (input.accept && !accept.includes(extension) && !accept.includes(file.type))
    return message(input, "messageWrongType") ?? FILE_MESSAGES.wrongType;
  return null;
}

/** The first problem of a field, or null. Sets the control's custom validity to it. */
function problemOf(controls: Control[]): string | null {
  const [first] = controls;
  if (!first) return null;
  controls.forEach((control) => control.setCustomValidity(""));
  const value = first instanceof HTMLInputElement && (first.type === "radio" || first.type === "checkbox") ? null : first.value.trim();
  const required = controls.some((control) => control.required || control.hasAttribute("data-required"));
  const problem = (() => {
    if (first instanceof HTMLInputElement && (first.type === "radio" || first.type === "checkbox")) {
      return required && !controls.some((control) => (control as HTMLInputElement).checked) ? (message(first, "messageMissing") ?? "") : null;
    }
    if (first instanceof HTMLInputElement && first.type === "file") {
      const file = first.files?.[0];
      if (first.dataset.refused) return first.dataset.refused;
      if (!file) return required ? (message(first, "messageMissing") ?? "") : null;
      return fileProblemAtOnce(first, file);
    }
    if (!value) return required || first.validity.valueMissing ? (message(first, "messageMissing") ?? "") : null;
    const minLength = first instanceof HTMLSelectElement ? -1 : first.minLength;
    if (minLength > 0 && first.value.length < minLength) return message(first, "messageTooShort") ?? "";
    const pattern = first.dataset.pattern;
    if (first.validity.typeMismatch || first.validity.patternMismatch || (pattern && !new RegExp(`^(?:${pattern})$`).test(value))) {
      return message(first, "messageInvalid") ?? "";
    }
    const number = Number(value);
    if ((first.dataset.min && number < Number(first.dataset.min)) || (first.dataset.max && number > Number(first.dataset.max))) {
      return message(first, "messageRange") ?? "";
    }
    return first.validity.valid ? null : "";
  })();
  if (problem === null) return null;
  // No message of ours: the browser's own words for what it found.
  first.setCustomValidity(problem || first.validationMessage || " ");
  return problem || first.validationMessage;
}

/** Shows (or, with null, removes) a field's message the way the server renders it. */
function showFieldError(controls: Control[], text: string | null) {
  const [anchor] = controls;
  if (!anchor) return;
  const doc = anchor.ownerDocument;
  const field = anchor.closest<HTMLElement>(".field");
  const errorId = `${anchor.id}-error`;
  const radios = anchor instanceof HTMLInputElement && anchor.type === "radio";
  const described = radios && field ? field : anchor;
  let error = doc.getElementById(errorId);
  const ids = (described.getAttribute("aria-describedby") ?? "").split(" ").filter((id) => id && id !== errorId);
  if (text) {
    if (!error) {
      error = doc.createElement("p");
      error.id = errorId;
      error.className = "field__error";
      const live = field?.querySelector("[aria-live]");
      if (live) live.append(error);
      else (anchor.closest(".radios") ?? anchor).before(error);
    }
    error.innerHTML = '<span class="visually-hidden">Error: </span>';
    error.append(text);
    field?.classList.add("field--invalid");
    controls.forEach((control) => control.setAttribute("aria-invalid", "true"));
    ids.push(errorId);
  } else {
    error?.remove();
    field?.classList.remove("field--invalid");
    controls.forEach((control) => control.removeAttribute("aria-invalid"));
  }
  if (ids.length) described.setAttribute("aria-describedby", ids.join(" "));
  else described.removeAttribute("aria-describedby");
}

function summaryTitle(form: HTMLFormElement, messages: string[], formErrors: string[]): string {
  const alone = JSON.parse(form.dataset.summaryTitles ?? "{}") as Record<string, string>;
  const first = messages[0];
  if (first && alone[first] && messages.every((text) => text === first)) return alone[first];
  if (!messages.length && formErrors.length && form.dataset.summaryFormTitle) return form.dataset.summaryFormTitle;
  return form.dataset.summaryTitle ?? "";
}

function list(doc: Document, items: { text: string; href?: string }[]) {
  const ul = doc.createElement("ul");
  ul.className = "error-summary__list";
  for (const item of items) {
    const li = doc.createElement("li");
    if (item.href) {
      const link = doc.createElement("a");
      link.href = item.href;
      link.textContent = item.text;
      li.append(link);
    } else li.textContent = item.text;
    ul.append(li);
  }
  return ul;
}

/** The error summary before the form (the ErrorSummary markup), or the form-wide message; returns what takes focus. */
function showSummary(form: HTMLFormElement, errors: Errors, formErrors: string[]): HTMLElement | null {
  const doc = form.ownerDocument;
  const controls = namedControls(form);
  const entries = [...controls].flatMap(([name, group]) =>
    errors.has(name) && group[0] ? [{ text: errors.get(name)!, href: `#${group[0].id}` }] : [],
  );
  // Errors about fields this form does not show (any more) are still said.
  const orphans = [...errors].filter(([name]) => !controls.has(name)).map(([, text]) => text);
  const general = [...formErrors, ...orphans];
  if (!form.dataset.summaryTitle) {
    const slot = form.querySelector<HTMLElement>("[data-form-errors]");
    if (slot) {
      slot.textContent = general.join(" ");
      slot.hidden = general.length === 0;
    }
    return general.length && slot ? slot : (form.querySelector<HTMLElement>("[aria-invalid='true']") ?? null);
  }
  const previous = form.previousElementSibling?.classList.contains("error-summary") ? form.previousElementSibling : null;
  if (!entries.length && !general.length) {
    previous?.remove();
    return null;
  }
  const summary = doc.createElement("div");
  summary.className = "error-summary";
  summary.tabIndex = -1;
  summary.setAttribute("role", "alert");
  summary.setAttribute("aria-labelledby", "error-summary-title");
  summary.dataset.testid = "error-summary";
  const title = doc.createElement("h2");
  title.id = "error-summary-title";
  title.className = "error-summary__title";
  title.textContent = summaryTitle(
    form,
    entries.map((entry) => entry.text),
    general,
  );
  summary.append(title);
  if (general.length)
    summary.append(
      list(
        doc,
        general.map((text) => ({ text })),
      ),
    );
  if (entries.length) summary.append(list(doc, entries));
  if (previous) previous.replaceWith(summary);
  else form.before(summary);
  return summary;
}

/** Reads the first bytes of a chosen file: is it one of the types the input accepts? */
async function wrongTypeByContent(input: HTMLInputElement, file: File): Promise<boolean> {
  const accepted = acceptedTypes(input);
  if (!accepted.length) return false;
  const detected = detectFileType(new Uint8Array(await file.slice(0, 16).arrayBuffer()));
  return !detected || !accepted.includes(detected.contentType);
}

function uploadFailed(form: HTMLFormElement, detail: string) {
  showToast(form.ownerDocument, { type: "error", title: form.dataset.uploadFailed, description: detail, key: UPLOAD_TOAST });
}

/** Remix's single-fetch address of a form's action (what a hydrated page posts to). */
function dataAddress(action: string): string {
  const url = new URL(action, window.location.href);
  url.pathname = url.pathname === "/" ? "/_root.data" : `${url.pathname.replace(/\/$/, "")}.data`;
  return url.href;
}

const REDIRECT = Symbol("redirect");

/** The action's answer, decoded as Remix's browser runtime does; throws when it is not ours. */
async function post(form: HTMLFormElement, submitter: HTMLElement | null): Promise<unknown> {
  const body = new FormData(form);
  if (submitter instanceof HTMLButtonElement && submitter.name) body.append(submitter.name, submitter.value);
  const response = await fetch(dataAddress(form.action), { method: "POST", body });
  if (response.headers.get("X-Remix-Response") !== "yes" || !response.body) throw new Error(`not an answer of ours: ${response.status}`);
  const decoded = await decode(response.body, {
    plugins: [
      (type: string, ...rest: unknown[]) => (type === "SingleFetchRedirect" ? { value: { [REDIRECT]: rest[0] } } : undefined),
      (type: string, value: unknown) =>
        type === "SingleFetchClassInstance" ? { value } : type === "SingleFetchFallback" ? { value: undefined } : undefined,
    ],
  });
  await decoded.done;
  return decoded.value;
}

function redirectOf(answer: unknown): string | null {
  if (!answer || typeof answer !== "object") return null;
  const target = (REDIRECT in answer ? answer[REDIRECT] : answer) as { redirect?: unknown };
  return typeof target?.redirect === "string" ? target.redirect : null;
}

/** The conform SubmissionResult's errors in an action's answer (`{ data: result }` or `{ data: { result } }`). */
function errorsOf(answer: unknown): Record<string, string[] | null> | null {
  const data = (answer as { data?: unknown } | null)?.data as { result?: unknown; error?: unknown } | undefined;
  const result = (data && "result" in data ? data.result : data) as { error?: Record<string, string[] | null> } | undefined;
  return result && typeof result === "object" ? (result.error ?? {}) : null;
}

export function enhanceFormChecks(form: HTMLFormElement) {
  form.noValidate = true;
  const errors: Errors = new Map();
  let formErrors: string[] = [];
  let refused = false;
  let pressing = false;
  let sending = false;

  // What the server already said (a refused post without the page script's help).
  for (const [name, group] of namedControls(form)) {
    const text = group[0] && form.ownerDocument.getElementById(`${group[0].id}-error`)?.textContent?.replace(/^Error: /, "");
    if (text) errors.set(name, text);
  }
  refused = errors.size > 0;

  function render(names: Iterable<string>) {
    const controls = namedControls(form);
    for (const name of names) showFieldError(controls.get(name) ?? [], errors.get(name) ?? null);
  }

  function recheck(name: string) {
    const group = namedControls(form).get(name);
    if (!group) return;
    const problem = problemOf(group);
    if (problem) errors.set(name, problem);
    else errors.delete(name);
    render([name]);
    if (refused) showSummary(form, errors, formErrors);
  }

  async function onFileChosen(input: HTMLInputElement) {
    const file = input.files?.[0];
    delete input.dataset.refused;
    errors.delete(input.name);
    render([input.name]);
    let problem = file ? fileProblemAtOnce(input, file) : null;
    if (file && !problem && (await wrongTypeByContent(input, file))) problem = message(input, "messageWrongType") ?? FILE_MESSAGES.wrongType;
    // Another file was chosen while this one was being read: its own check decides.
    if (input.files?.[0] !== file) return;
    if (problem && file) {
      input.dataset.refused = problem;
      uploadFailed(form, `${file.name}: ${problem}`);
    }
    if (refused) recheck(input.name);
    else if (problem) {
      // Before any refused try, only the file's own problem is said, at its field.
      errors.set(input.name, problem);
      render([input.name]);
    }
  }

  form.addEventListener("change", (event) => {
    const target = event.target as Element;
    if (!isControl(target) || !target.name) return;
    if (target instanceof HTMLInputElement && target.type === "file") void onFileChosen(target);
    else if (refused && !pressing) recheck(target.name);
  });

  // A press on a submit button blurs the field being edited; its re-check waits for the submit.
  form.addEventListener("pointerdown", (event) => {
    if (!(event.target as Element).closest("button[type=submit], button:not([type])")) return;
    pressing = true;
    const release = () => {
      window.removeEventListener("pointerup", release);
      window.setTimeout(() => (pressing = false));
    };
    window.addEventListener("pointerup", release);
  });

  form.addEventListener("submit", (event) => {
    const submitter = event.submitter as HTMLButtonElement | null;
    if (sending) {
      event.preventDefault();
      return;
    }
    if (submitter?.formNoValidate) return;
    const controls = namedControls(form);
    errors.clear();
    formErrors = [];
    for (const [name, group] of controls) {
      const problem = problemOf(group);
      if (problem) errors.set(name, problem);
    }
    render(controls.keys());
    if (errors.size > 0) {
      event.preventDefault();
      refused = true;
      showSummary(form, errors, formErrors)?.focus();
      return;
    }
    showSummary(form, errors, formErrors);
    if (form.hasAttribute("data-upload")) {
      event.preventDefault();
      void send(submitter);
    }
  });

  async function send(submitter: HTMLButtonElement | null) {
    sending = true;
    submitter?.setAttribute("aria-disabled", "true");
    let answer: unknown;
    try {
      answer = await post(form, submitter);
    } catch {
      uploadFailed(form, form.dataset.notReceived ?? "");
      return;
    } finally {
      sending = false;
      submitter?.removeAttribute("aria-disabled");
    }
    const redirect = redirectOf(answer);
    if (redirect !== null) {
      window.location.assign(redirect);
      return;
    }
    const answered = errorsOf(answer);
    if (!answered) {
      uploadFailed(form, form.dataset.notReceived ?? "");
      return;
    }
    const shown = [...errors.keys()];
    errors.clear();
    formErrors = answered[""] ?? [];
    for (const [name, messages] of Object.entries(answered)) if (name && messages?.length) errors.set(name, messages.join(" "));
    render(new Set([...shown, ...errors.keys()]));
    refused = true;
    // As after a refused post without the script: a password is typed again.
    form.querySelectorAll<HTMLInputElement>("input[type=password]").forEach((input) => (input.value = ""));
    // A refused document, or a refusal of the whole upload, is also said in the upload-failure toast.
    const controls = namedControls(form);
    const fileMessage = [...errors].find(
      ([name, text]) => controls.get(name)?.[0]?.type === "file" && text !== message(controls.get(name)![0]!, "messageMissing"),
    )?.[1];
    const refusal = fileMessage ?? formErrors[0];
    if (refusal) uploadFailed(form, refusal);
    showSummary(form, errors, formErrors)?.focus();
  }
}
