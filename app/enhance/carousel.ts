import KeenSlider from "keen-slider";

/** Seed specification, section 9: autoplay every 3000 ms, 2000 ms transition. */
export const AUTOPLAY_INTERVAL_MS = 3000;
export const TRANSITION_MS = 2000;

/**
 * The home banner carousel (keen-slider). The server renders a horizontally scrollable row of
 * linked images, each reachable with Tab, and an index of links to them. With script it becomes
 * a slider that autoplays, with a visible pause/play control, previous/next buttons and one dot
 * per slide; it pauses while hovered or focused and does not autoplay when the visitor prefers
 * reduced motion (WCAG 2.2.2). The home page does not hydrate (decision 0027): this is all the
 * script it runs besides the header's.
 */
export function enhanceCarousel(section: HTMLElement) {
  const track = section.querySelector<HTMLElement>(".carousel__track");
  const slides = Array.from(section.querySelectorAll<HTMLElement>(".carousel__slide"));
  if (!track || slides.length < 2 || section.dataset.enhanced) return;
  const doc = section.ownerDocument;

  let current = 0;
  let userPaused = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  let hovered = false;
  let focused = false;
  let timer: number | undefined;

  section.dataset.enhanced = "true";
  track.classList.add("keen-slider");
  track.removeAttribute("tabindex");
  track.removeAttribute("role");
  track.removeAttribute("aria-label");

  const bar = doc.createElement("div");
  bar.className = "carousel__bar";
  const toggle = button(
    "carousel__button carousel__play",
    '<span aria-hidden="true"></span><span class="carousel__play-label"></span><span class="visually-hidden"> el carrusel</span>',
  );
  toggle.dataset.testid = "carousel-toggle";
  const [toggleIcon, toggleLabel] = Array.from(toggle.children) as [HTMLElement, HTMLElement];
  const previous = button("carousel__button", '<span aria-hidden="true">‹</span><span class="visually-hidden">Diapositiva anterior</span>');
  const next = button("carousel__button", '<span aria-hidden="true">›</span><span class="visually-hidden">Diapositiva siguiente</span>');
  const dotList = doc.createElement("div");
  dotList.className = "carousel__dots";
  const dots = slides.map((slide, index) => {
    const dot = button("carousel__dot", "");
    const label = doc.createElement("span");
    label.className = "visually-hidden";
    label.textContent = `Ir a la diapositiva ${index + 1}: ${slide.dataset.title ?? ""}`;
    dot.append(label);
    dot.addEventListener("click", () => slider.moveToIdx(index));
    dotList.append(dot);
    return dot;
  });
  bar.append(toggle, previous, dotList, next);
  const index = section.querySelector(".carousel__index");
  if (index) index.replaceWith(bar);
  else section.append(bar);

  const slider = new KeenSlider(track, {
    loop: true,
    defaultAnimation: { duration: TRANSITION_MS },
    slides: { perView: 1 },
    slideChanged(instance) {
      current = instance.track.details.rel;
      render();
    },
  });

  toggle.addEventListener("click", () => {
    userPaused = !userPaused;
    render();
  });
  previous.addEventListener("click", () => slider.prev());
  next.addEventListener("click", () => slider.next());
  section.addEventListener("mouseenter", () => {
    hovered = true;
    render();
  });
  section.addEventListener("mouseleave", () => {
    hovered = false;
    render();
  });
  section.addEventListener("focusin", () => {
    focused = true;
    render();
  });
  section.addEventListener("focusout", (event) => {
    if (section.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    render();
  });

  function button(className: string, html: string) {
    const element = doc.createElement("button");
    element.type = "button";
    element.className = className;
    element.innerHTML = html;
    return element;
  }

  function render() {
    const playing = !userPaused && !hovered && !focused;
    if (playing) section.dataset.playing = "true";
    else delete section.dataset.playing;
    track!.setAttribute("aria-live", playing ? "off" : "polite");
    slides.forEach((slide, position) => {
      const hidden = position !== current;
      if (hidden) slide.setAttribute("aria-hidden", "true");
      else slide.removeAttribute("aria-hidden");
      const link = slide.querySelector("a");
      if (link && hidden) link.setAttribute("tabindex", "-1");
      else link?.removeAttribute("tabindex");
    });
    dots.forEach((dot, position) => {
      if (position === current) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    // Only text and class change: replacing the button's children under the pointer would swallow the click.
    toggleIcon.className = userPaused ? "icon-play" : "icon-pause";
    toggleLabel.textContent = userPaused ? "Reproducir" : "Pausar";
    // A new slide starts every AUTOPLAY_INTERVAL_MS; the timer restarts whenever the slide changes.
    window.clearTimeout(timer);
    if (playing) timer = window.setTimeout(() => slider.next(), AUTOPLAY_INTERVAL_MS);
  }

  render();
}
