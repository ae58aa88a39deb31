import { useEffect, useRef, useState } from "react";

interface VideoFacadeProps {
  title: string;
  /** The iframe address; null when the video can only be linked to. */
  embedUrl: string | null;
  watchUrl: string;
}

/**
 * Click-to-load video: nothing from the video provider loads until the visitor asks for it.
 * Without JavaScript (and before hydration) the facade is a plain link to the video; once the
 * page is interactive it becomes a button that swaps in the player and moves focus to it.
 */
export function VideoFacade({ title, embedUrl, watchUrl }: VideoFacadeProps) {
  const [hydrated, setHydrated] = useState(false);
  const [playing, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  if (playing && embedUrl) {
    return (
      <div className="video-facade video-facade--playing">
        <iframe
          ref={frameRef}
          className="video-facade__frame"
          src={embedUrl}
          title={`Video: ${title}`}
          width={960}
          height={540}
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const face = (
    <>
      <span className="video-facade__play" aria-hidden="true" />
      <span className="video-facade__label">Reproducir el video: {title}</span>
      <span className="video-facade__note">
        {embedUrl && hydrated ? "El reproductor de YouTube se carga al pulsar." : "Se abre en el sitio del proveedor del video."}
      </span>
    </>
  );

  return (
    <div className="video-facade">
      {embedUrl && hydrated ? (
        <button type="button" className="video-facade__face" onClick={() => setPlaying(true)}>
          {face}
        </button>
      ) : (
        <a className="video-facade__face" href={watchUrl} rel="noopener noreferrer">
          {face}
        </a>
      )}
    </div>
  );
}
