/** The lightbox's fixed markup: only the image and its texts change (set as text, never as HTML). */
const LIGHTBOX_HTML =
  '<div class="gallery-dialog__layout"><div class="gallery-dialog__bar">' +
  '<p id="gallery-dialog-position" class="gallery-dialog__position" aria-live="polite"></p>' +
  '<button type="button" class="gallery-dialog__close button">Cerrar<span class="visually-hidden"> la imagen</span></button></div>' +
  '<figure class="gallery-dialog__figure"><img class="gallery-dialog__image" alt="">' +
  '<figcaption><h2 id="gallery-dialog-title" class="gallery-dialog__title"></h2><p class="gallery-dialog__caption"></p></figcaption></figure>' +
  '<div class="gallery-dialog__nav">' +
  '<button type="button" class="button gallery-dialog__step"><span aria-hidden="true">←</span> Anterior</button>' +
  '<button type="button" class="button gallery-dialog__step">Siguiente <span aria-hidden="true">→</span></button></div></div>';

/**
 * The gallery lightbox (the galleries do not hydrate, decision 0027). The server renders a grid
 * of thumbnails, each a link to the image's own page (the no-JavaScript version, with
 * previous/next links). Here a plain click, or Enter, on a thumbnail opens one full-screen modal
 * <dialog> instead: native showModal() makes the page behind inert and Esc closes it, and Tab
 * wraps round the dialog's buttons; the "Anterior"/"Siguiente" buttons and the left/right arrow keys move through the
 * images (wrapping at the ends); on closing, focus goes back to the thumbnail of the image last
 * shown. Modified clicks (new tab, new window) still follow the link.
 *
 * Each link carries what the dialog shows besides its thumbnail and caption: `data-title` and
 * `data-alt`.
 */
export function enhanceGalleryLightbox(grid: HTMLElement) {
  const doc = grid.ownerDocument;
  const links = Array.from(grid.querySelectorAll<HTMLAnchorElement>("a.gallery-grid__link"));
  const dialog = doc.createElement("dialog");
  if (links.length === 0 || grid.dataset.enhanced || typeof dialog.showModal !== "function") return;
  grid.dataset.enhanced = "true";

  dialog.className = "gallery-dialog";
  dialog.setAttribute("aria-labelledby", "gallery-dialog-title");
  dialog.setAttribute("aria-describedby", "gallery-dialog-position");
  dialog.innerHTML = LIGHTBOX_HTML;
  const position = dialog.querySelector("p")!;
  const image = dialog.querySelector("img")!;
  const title = dialog.querySelector("h2")!;
  const caption = dialog.querySelector("figcaption p")!;
  const [close, previous, next] = Array.from(dialog.querySelectorAll("button"));
  let current = 0;

  function show(index: number) {
    current = (index + links.length) % links.length;
    const link = links[current]!;
    const thumbnail = link.querySelector("img");
    // The thumbnail is the image itself, scaled by CSS; its width/height attributes are the image's.
    for (const name of ["src", "width", "height"]) image.setAttribute(name, thumbnail?.getAttribute(name) ?? "");
    image.alt = link.dataset.alt ?? "";
    title.textContent = link.dataset.title ?? "";
    caption.textContent = link.querySelector(".gallery-grid__caption")?.textContent ?? "";
    position.textContent = `Imagen ${current + 1} de ${links.length}. Use las flechas izquierda y derecha para cambiar de imagen.`;
  }

  links.forEach((link, index) => {
    link.setAttribute("aria-haspopup", "dialog");
    link.addEventListener("click", (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      show(index);
      dialog.showModal();
    });
  });
  close?.addEventListener("click", () => dialog.close());
  previous?.addEventListener("click", () => show(current - 1));
  next?.addEventListener("click", () => show(current + 1));
  dialog.addEventListener("keydown", (event) => {
    // showModal() makes the page inert but lets Tab leave for the browser's own controls: wrap
    // round the dialog's buttons instead, as the WAI-ARIA modal dialog pattern asks.
    if (event.key === "Tab") {
      const [from, to] = event.shiftKey ? [close, next] : [next, close];
      if (doc.activeElement !== from) return;
      event.preventDefault();
      to?.focus();
      return;
    }
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    show(current + step);
  });
  dialog.addEventListener("close", () => links[current]?.focus());
  grid.after(dialog);
}
