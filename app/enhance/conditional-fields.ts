/**
 * Fields that depend on another field's answer, on pages that do not hydrate (issue 22). The
 * server renders every block, visible and labelled so a person without JavaScript knows when to
 * fill it (the server ignores or checks it by the same rule); with the page script:
 *
 * - `data-show-if="name"`: shown while the checkbox `name` is checked (or the field has a value);
 *   `data-show-if="name=a,b"`: while the field's value (checked radio, select, text) is one of
 *   them; `data-show-if="name!=a,b"`: while it is none of them (an unanswered field included).
 *   A hidden block is `hidden` and its content is taken out of the document, so its fields are
 *   neither checked nor sent, and come back as they were.
 * - `data-text-by="name"` with `data-texts='{"a": "…"}'`: the element's text follows the field's
 *   value (its server text when the value has none).
 * - `data-js-hidden` (set by the server on a block whose condition fails at first) hides the block
 *   before the script runs (forms.css), so the page does not shift; removed once enhanced.
 * - A block with no field, only a note that would contradict what a person without JavaScript
 *   sees beside it (the student's given grade next to the grade to choose), is rendered `hidden`
 *   instead while its condition fails: without script it shows only when the server knows it holds.
 *
 * The field is looked up in the block's form, else in the document.
 */
interface Condition {
  name: string;
  values: string[] | null;
  negate: boolean;
}

function parse(text: string): Condition {
  const match = /^([^!=]+)(!?=)(.*)$/.exec(text.trim());
  if (!match) return { name: text.trim(), values: null, negate: false };
  return { name: match[1]!, values: match[3]!.split(","), negate: match[2] === "!=" };
}

function valueOf(scope: ParentNode, name: string): string {
  const controls = Array.from(scope.querySelectorAll<HTMLInputElement | HTMLSelectElement>(`[name="${CSS.escape(name)}"]`));
  for (const control of controls) {
    if (control instanceof HTMLInputElement && (control.type === "radio" || control.type === "checkbox")) {
      if (control.checked) return control.value;
    } else return control.value;
  }
  return "";
}

function holds(condition: Condition, value: string): boolean {
  if (condition.values === null) return value !== "";
  const listed = condition.values.includes(value);
  return condition.negate ? !listed : listed;
}

export function enhanceConditionalFields(doc: Document) {
  const blocks = Array.from(doc.querySelectorAll<HTMLElement>("[data-show-if]"));
  const texts = Array.from(doc.querySelectorAll<HTMLElement>("[data-text-by]"));
  if (!blocks.length && !texts.length) return;
  const stored = new Map<HTMLElement, DocumentFragment>();
  const serverTexts = new Map(texts.map((element) => [element, element.textContent ?? ""]));

  function update() {
    for (const block of blocks) {
      const condition = parse(block.dataset.showIf!);
      const show = holds(condition, valueOf(block.closest("form") ?? doc, condition.name));
      const content = stored.get(block);
      if (show && content) {
        block.append(content);
        stored.delete(block);
      } else if (!show && !content) {
        const fragment = doc.createDocumentFragment();
        fragment.append(...Array.from(block.childNodes));
        stored.set(block, fragment);
      }
      block.hidden = !show;
      block.removeAttribute("data-js-hidden");
    }
    for (const element of texts) {
      const value = valueOf(element.closest("form") ?? doc, element.dataset.textBy!);
      const variants = JSON.parse(element.dataset.texts ?? "{}") as Record<string, string>;
      element.textContent = variants[value] ?? serverTexts.get(element)!;
    }
  }

  update();
  doc.addEventListener("change", update);
}
