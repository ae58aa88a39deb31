import { Link } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState, type MouseEvent } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { galleryCrumbs, type GalleryInfo } from "./galleries";
import type { GalleryImage } from "./gallery.server";

/**
 * A gallery grid. Each thumbnail is a link to the image's own page, so without JavaScript every
 * image still opens. With JavaScript a click opens a full-screen modal <dialog> instead: Esc
 * closes it (native), the arrow keys move through the images, and on closing focus goes back to
 * the thumbnail of the image last shown.
 */
export function GalleryPage({ gallery: info, others, images }: { gallery: GalleryInfo; others: GalleryInfo[]; images: GalleryImage[] }) {
  return (
    <div className="container page">
      <Breadcrumbs items={galleryCrumbs(info)} />
      <h1>{info.title}</h1>
      <p className="doc-page__lead">{info.intro}</p>
      {images.length === 0 ? <p>Por el momento no hay imágenes publicadas en esta galería.</p> : <GalleryGrid basePath={info.path} images={images} />}
      <nav aria-labelledby="otras-galerias" className="gallery-others">
        <h2 id="otras-galerias">Otras galerías</h2>
        <ul>
          {others.map((other) => (
            <li key={other.name}>
              <Link to={other.path}>{other.title}</Link>
            </li>
          ))}
        </ul>
      </nav>
    </div>
  );
}

function GalleryGrid({ basePath, images }: { basePath: string; images: GalleryImage[] }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const thumbRefs = useRef<(HTMLAnchorElement | null)[]>([]);
  const [current, setCurrent] = useState<number | null>(null);
  const currentRef = useRef<number | null>(null);
  currentRef.current = current;
  // Until React has hydrated, a thumbnail is a plain link to the image page.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  const open = useCallback((index: number) => {
    setCurrent(index);
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
  }, []);

  const move = useCallback(
    (step: number) => {
      setCurrent((index) => (index === null ? index : (index + step + images.length) % images.length));
    },
    [images.length],
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    function onClose() {
      const index = currentRef.current;
      if (index !== null) thumbRefs.current[index]?.focus();
    }
    function onKeyDown(event: KeyboardEvent) {
      if (event.key === "ArrowRight") {
        event.preventDefault();
        move(1);
      } else if (event.key === "ArrowLeft") {
        event.preventDefault();
        move(-1);
      }
    }
    dialog.addEventListener("close", onClose);
    dialog.addEventListener("keydown", onKeyDown);
    return () => {
      dialog.removeEventListener("close", onClose);
      dialog.removeEventListener("keydown", onKeyDown);
    };
  }, [move]);

  function onThumbnailClick(event: MouseEvent<HTMLAnchorElement>, index: number) {
    // Let modified clicks (new tab, new window) follow the link to the image page.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    open(index);
  }

  const image = current === null ? null : images[current];
  return (
    <>
      <ul className="gallery-grid">
        {images.map((item, index) => (
          <li key={item.id} className="gallery-grid__item">
            <a
              href={`${basePath}/${item.id}`}
              className="gallery-grid__link"
              ref={(element) => {
                thumbRefs.current[index] = element;
              }}
              onClick={(event) => onThumbnailClick(event, index)}
              aria-haspopup={enhanced ? "dialog" : undefined}
            >
              <img src={item.src} alt="" width={item.width} height={item.height} loading="lazy" decoding="async" className="gallery-grid__image" />
              <span className="gallery-grid__caption">{item.caption}</span>
            </a>
          </li>
        ))}
      </ul>
      <dialog ref={dialogRef} className="gallery-dialog" aria-labelledby="gallery-dialog-title" aria-describedby="gallery-dialog-position">
        {image ? (
          <div className="gallery-dialog__layout">
            <div className="gallery-dialog__bar">
              <p id="gallery-dialog-position" className="gallery-dialog__position" aria-live="polite">
                Imagen {current! + 1} de {images.length}. Use las flechas izquierda y derecha para cambiar de imagen.
              </p>
              <button type="button" className="gallery-dialog__close button" onClick={() => dialogRef.current?.close()}>
                Cerrar<span className="visually-hidden"> la imagen</span>
              </button>
            </div>
            <figure className="gallery-dialog__figure">
              <img src={image.src} alt={image.alt} width={image.width} height={image.height} className="gallery-dialog__image" />
              <figcaption>
                <h2 id="gallery-dialog-title" className="gallery-dialog__title">
                  {image.title}
                </h2>
                <p className="gallery-dialog__caption">{image.caption}</p>
              </figcaption>
            </figure>
            <div className="gallery-dialog__nav">
              <button type="button" className="button gallery-dialog__step" onClick={() => move(-1)}>
                <span aria-hidden="true">←</span> Anterior
              </button>
              <button type="button" className="button gallery-dialog__step" onClick={() => move(1)}>
                Siguiente <span aria-hidden="true">→</span>
              </button>
            </div>
          </div>
        ) : null}
      </dialog>
    </>
  );
}

/** The page of one image: what a thumbnail opens without JavaScript. */
export function GalleryImagePage({
  gallery,
  image,
  position,
  total,
  previous,
  next,
}: {
  gallery: GalleryInfo;
  image: GalleryImage;
  position: number;
  total: number;
  previous: GalleryImage | null;
  next: GalleryImage | null;
}) {
  const basePath = gallery.path;
  return (
    <div className="container page">
      <Breadcrumbs items={galleryCrumbs(gallery, image)} />
      <figure className="gallery-single">
        <img src={image.src} alt={image.alt} width={image.width} height={image.height} className="gallery-single__image" />
        <figcaption>
          <h1 className="gallery-single__title">{image.title}</h1>
          <p>{image.caption}</p>
          <p className="gallery-single__position">
            Imagen {position} de {total}
          </p>
        </figcaption>
      </figure>
      <nav aria-label="Imágenes de la galería" className="gallery-single__nav">
        <ul>
          {previous ? (
            <li>
              <Link to={`${basePath}/${previous.id}`} rel="prev">
                <span aria-hidden="true">←</span> Anterior: {previous.title}
              </Link>
            </li>
          ) : null}
          <li>
            <Link to={basePath}>Volver a la galería</Link>
          </li>
          {next ? (
            <li>
              <Link to={`${basePath}/${next.id}`} rel="next">
                Siguiente: {next.title} <span aria-hidden="true">→</span>
              </Link>
            </li>
          ) : null}
        </ul>
      </nav>
    </div>
  );
}
