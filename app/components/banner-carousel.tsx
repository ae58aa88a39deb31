export { AUTOPLAY_INTERVAL_MS, TRANSITION_MS } from "~/enhance/carousel";

export interface CarouselSlide {
  id: number;
  title: string;
  altText: string;
  linkUrl: string | null;
  imageUrl: string;
}

/**
 * The home banner carousel as the server renders it: a horizontally scrollable row of linked
 * images, each reachable with Tab, and an index of links to them. The page script turns it into
 * an autoplaying keen-slider with its controls (app/enhance/carousel.ts); the home page does not
 * hydrate (decision 0027).
 */
export function BannerCarousel({ slides }: { slides: CarouselSlide[] }) {
  if (slides.length === 0) return null;
  return (
    <section className="carousel" aria-roledescription="carrusel" aria-label="Avisos destacados">
      {/* Without script the row scrolls; the region must be focusable to scroll by keyboard. */}
      <div className="carousel__track" aria-live="polite" tabIndex={0} role="region" aria-label="Diapositivas">
        {slides.map((slide, index) => {
          const image = (
            <img
              src={slide.imageUrl}
              alt={slide.altText}
              width={1200}
              height={400}
              loading={index === 0 ? "eager" : "lazy"}
              // The first slide is the home page's largest paint: fetch it before the rest. React 18
              // knows the attribute only in lower case.
              {...(index === 0 ? { fetchpriority: "high" } : {})}
              decoding="async"
              className="carousel__image"
            />
          );
          return (
            <div
              key={slide.id}
              id={`diapositiva-${index + 1}`}
              className="keen-slider__slide carousel__slide"
              role="group"
              aria-roledescription="diapositiva"
              aria-label={`${index + 1} de ${slides.length}: ${slide.title}`}
              data-title={slide.title}
            >
              {slide.linkUrl ? (
                <a href={slide.linkUrl} className="carousel__link">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>
      <ol className="carousel__index">
        {slides.map((slide, index) => (
          <li key={slide.id}>
            <a href={`#diapositiva-${index + 1}`}>{slide.title}</a>
          </li>
        ))}
      </ol>
    </section>
  );
}
