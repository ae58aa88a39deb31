/**
 * Click-to-load video: the server renders a plain link to the video's page; with script it
 * becomes a button that swaps in the player (nothing from the provider loads before) and moves
 * focus to it.
 */
export function enhanceVideoFacades(doc: Document) {
  doc.querySelectorAll<HTMLElement>(".video-facade[data-embed-url]").forEach((facade) => {
    const link = facade.querySelector<HTMLAnchorElement>("a.video-facade__face");
    const embedUrl = facade.dataset.embedUrl;
    if (!link || !embedUrl) return;
    const button = doc.createElement("button");
    button.type = "button";
    button.className = link.className;
    button.innerHTML = link.innerHTML;
    const note = button.querySelector(".video-facade__note");
    if (note) note.textContent = "El reproductor de YouTube se carga al pulsar.";
    button.addEventListener("click", () => {
      const frame = doc.createElement("iframe");
      frame.className = "video-facade__frame";
      frame.src = embedUrl;
      frame.title = `Video: ${facade.dataset.title ?? ""}`;
      frame.width = "960";
      frame.height = "540";
      frame.allow = "autoplay; encrypted-media; picture-in-picture; fullscreen";
      frame.allowFullscreen = true;
      frame.referrerPolicy = "strict-origin-when-cross-origin";
      facade.classList.add("video-facade--playing");
      facade.replaceChildren(frame);
      frame.focus();
    });
    link.replaceWith(button);
  });
}
