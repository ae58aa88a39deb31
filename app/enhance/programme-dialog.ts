/**
 * The catalogue's programme dialog (the catalogue does not hydrate, decision 0027). Each
 * "Programa" link leads to the programme page (the no-JavaScript twin); here it becomes a button
 * that opens the one <dialog> with the programme's content, cloned from its inert <template>.
 * Native showModal() gives the focus trap, Esc and an inert page behind; closing empties the
 * dialog and sends focus back to the button that opened it.
 */
export function enhanceProgrammeDialog(doc: Document) {
  const dialog = doc.querySelector<HTMLDialogElement>("dialog.programme-dialog");
  const title = dialog?.querySelector<HTMLElement>("#programme-dialog-title");
  if (!dialog || !title || typeof dialog.showModal !== "function") return;
  const emptyTitle = title.textContent ?? "";
  let opener: HTMLElement | null = null;

  dialog.querySelector(".programme-dialog__close")?.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => {
    dialog.querySelector(".programme")?.remove();
    title.textContent = emptyTitle;
    opener?.focus();
  });

  doc.querySelectorAll<HTMLAnchorElement>("a[data-programme]").forEach((link) => {
    const template = doc.getElementById(link.dataset.programme ?? "");
    if (!(template instanceof HTMLTemplateElement)) return;
    const button = doc.createElement("button");
    button.type = "button";
    button.className = link.className;
    button.setAttribute("aria-haspopup", "dialog");
    const describedBy = link.getAttribute("aria-describedby");
    if (describedBy) button.setAttribute("aria-describedby", describedBy);
    button.textContent = link.textContent;
    button.addEventListener("click", () => {
      opener = button;
      title.textContent = `Programa: ${link.dataset.courseName ?? ""}`;
      dialog.querySelector(".programme")?.remove();
      dialog.append(template.content.cloneNode(true));
      dialog.showModal();
    });
    link.replaceWith(button);
  });
}
