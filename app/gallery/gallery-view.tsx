import { Link } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { galleryCrumbs, type GalleryInfo } from "./galleries";
import type { GalleryImage } from "./gallery.server";

/**
 * A gallery grid. Each thumbnail is a link to the image's own page, so without JavaScript every
 * image still opens. The page does not hydrate (decision 0027): with JavaScript the page script
 * (app/enhance/gallery-lightbox.ts) opens a full-screen modal <dialog> instead, with Esc,
 * previous/next buttons and the arrow keys, and focus back on the thumbnail when it closes.
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

/**
 * The thumbnails, each a link to the image's page. The page script's lightbox
 * (app/enhance/gallery-lightbox.ts) reads the title and alt text it shows from the data attributes.
 */
function GalleryGrid({ basePath, images }: { basePath: string; images: GalleryImage[] }) {
  return (
    <ul className="gallery-grid">
      {images.map((item) => (
        <li key={item.id} className="gallery-grid__item">
          <a href={`${basePath}/${item.id}`} className="gallery-grid__link" data-title={item.title} data-alt={item.alt}>
            <img src={item.src} alt="" width={item.width} height={item.height} loading="lazy" decoding="async" className="gallery-grid__image" />
            <span className="gallery-grid__caption">{item.caption}</span>
          </a>
        </li>
      ))}
    </ul>
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
