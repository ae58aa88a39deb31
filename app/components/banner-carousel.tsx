import KeenSlider, { type KeenSliderInstance } from "keen-slider";
import { useCallback, useEffect, useRef, useState } from "react";

export interface CarouselSlide {
  id: number;
  title: string;
  altText: string;
  linkUrl: string | null;
  imageUrl: string;
}

/** Seed specification, section 9: autoplay every 3000 ms, 2000 ms transition. */
export const AUTOPLAY_INTERVAL_MS = 3000;
export const TRANSITION_MS = 2000;

/**
 * The home banner carousel (keen-slider). Without JavaScript it is a horizontally scrollable
 * row of linked images, each reachable with Tab. With JavaScript it becomes a slider that
 * autoplays, with a visible pause/play control; it pauses while hovered or focused and does not
 * autoplay when the visitor prefers reduced motion (WCAG 2.2.2).
 */
export function BannerCarousel({ slides }: { slides: CarouselSlide[] }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const sliderRef = useRef<KeenSliderInstance | null>(null);
  const [enhanced, setEnhanced] = useState(false);
  const [current, setCurrent] = useState(0);
  const [userPaused, setUserPaused] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);

  useEffect(() => {
    if (slides.length < 2) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) setUserPaused(true);
    setEnhanced(true);
  }, [slides.length]);

  useEffect(() => {
    if (!enhanced || !trackRef.current) return;
    const slider = new KeenSlider(trackRef.current, {
      loop: true,
      defaultAnimation: { duration: TRANSITION_MS },
      slides: { perView: 1 },
      slideChanged(instance) {
        setCurrent(instance.track.details.rel);
      },
    });
    sliderRef.current = slider;
    return () => {
      slider.destroy();
      sliderRef.current = null;
    };
  }, [enhanced]);

  const playing = enhanced && !userPaused && !hovered && !focused;

  useEffect(() => {
    if (!playing) return;
    // A new slide starts every AUTOPLAY_INTERVAL_MS; the timer restarts whenever the slide changes.
    const timer = window.setTimeout(() => sliderRef.current?.next(), AUTOPLAY_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [playing, current]);

  const goTo = useCallback((index: number) => sliderRef.current?.moveToIdx(index), []);

  if (slides.length === 0) return null;

  return (
    <section
      className="carousel"
      aria-roledescription="carrusel"
      aria-label="Avisos destacados"
      data-enhanced={enhanced || undefined}
      data-playing={playing || undefined}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
    >
      <div
        ref={trackRef}
        className={enhanced ? "keen-slider carousel__track" : "carousel__track"}
        aria-live={playing ? "off" : "polite"}
        // Without JavaScript the row scrolls; the region must be focusable to scroll by keyboard.
        tabIndex={enhanced ? undefined : 0}
        role={enhanced ? undefined : "region"}
        aria-label={enhanced ? undefined : "Diapositivas"}
      >
        {slides.map((slide, index) => {
          const hidden = enhanced && index !== current;
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
              aria-hidden={hidden || undefined}
            >
              {slide.linkUrl ? (
                <a href={slide.linkUrl} tabIndex={hidden ? -1 : undefined} className="carousel__link">
                  {image}
                </a>
              ) : (
                image
              )}
            </div>
          );
        })}
      </div>

      {enhanced ? (
        <div className="carousel__bar">
          <button
            type="button"
            className="carousel__button carousel__play"
            onClick={() => setUserPaused((paused) => !paused)}
            data-testid="carousel-toggle"
          >
            <span className={userPaused ? "icon-play" : "icon-pause"} aria-hidden="true" />
            <span className="carousel__play-label">{userPaused ? "Reproducir" : "Pausar"}</span>
            <span className="visually-hidden"> el carrusel</span>
          </button>
          <button type="button" className="carousel__button" onClick={() => sliderRef.current?.prev()}>
            <span aria-hidden="true">‹</span>
            <span className="visually-hidden">Diapositiva anterior</span>
          </button>
          <div className="carousel__dots">
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                className="carousel__dot"
                aria-current={index === current ? "true" : undefined}
                onClick={() => goTo(index)}
              >
                <span className="visually-hidden">
                  Ir a la diapositiva {index + 1}: {slide.title}
                </span>
              </button>
            ))}
          </div>
          <button type="button" className="carousel__button" onClick={() => sliderRef.current?.next()}>
            <span aria-hidden="true">›</span>
            <span className="visually-hidden">Diapositiva siguiente</span>
          </button>
        </div>
      ) : (
        <ol className="carousel__index">
          {slides.map((slide, index) => (
            <li key={slide.id}>
              <a href={`#diapositiva-${index + 1}`}>{slide.title}</a>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
