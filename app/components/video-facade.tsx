interface VideoFacadeProps {
  title: string;
  /** The iframe address; null when the video can only be linked to. */
  embedUrl: string | null;
  watchUrl: string;
}

/**
 * Click-to-load video: nothing from the video provider loads until the visitor asks for it.
 * The server renders a plain link to the video; the page script (app/enhance/video-facade.ts)
 * turns it into a button that swaps in the player and moves focus to it.
 */
export function VideoFacade({ title, embedUrl, watchUrl }: VideoFacadeProps) {
  return (
    <div className="video-facade" data-embed-url={embedUrl ?? undefined} data-title={title}>
      <a className="video-facade__face" href={watchUrl} rel="noopener noreferrer">
        <span className="video-facade__play" aria-hidden="true" />
        <span className="video-facade__label">Reproducir el video: {title}</span>
        <span className="video-facade__note">Se abre en el sitio del proveedor del video.</span>
      </a>
    </div>
  );
}
