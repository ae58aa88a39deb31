import { Link } from "@remix-run/react";
import type { DirectionLink, DirectionMenuItem } from "~/content/directions.server";

type MenuItem = Pick<DirectionMenuItem, "id" | "name" | "href" | "children">;

/** Where the whole tree of areas lives (the header lists only the directions). */
export const ALL_AREAS_HREF = "/direcciones";
export const ALL_AREAS_LABEL = "Todas las áreas";

/**
 * The nested list of directions → subdirections → departments, on the /direcciones page. Each
 * level with children is a native <details> disclosure: it opens with Enter/Space, needs no
 * JavaScript, and screen readers announce it as expanded or collapsed.
 */
export function DirectionsTree({ items, idPrefix }: { items: MenuItem[]; idPrefix: string }) {
  return (
    <ul className="directions-tree">
      {items.map((item) => (
        <li key={item.id} className="directions-tree__item">
          <Link to={item.href} className="directions-tree__link">
            {item.name}
          </Link>
          {item.children.length > 0 ? <ChildDisclosure item={item} idPrefix={idPrefix} /> : null}
        </li>
      ))}
    </ul>
  );
}

function ChildDisclosure({ item, idPrefix }: { item: MenuItem; idPrefix: string }) {
  const count = item.children.length;
  return (
    <details className="directions-tree__children" data-disclosure>
      <summary className="directions-tree__toggle">
        {count === 1 ? "1 área" : `${count} áreas`}
        <span className="visually-hidden"> de {item.name}</span>
      </summary>
      <DirectionsTree items={item.children} idPrefix={`${idPrefix}-${item.id}`} />
    </details>
  );
}

/** The six directions and a link to every area: short enough to sit in every page's header. */
export function DirectionLinks({ directions, className }: { directions: DirectionLink[]; className: string }) {
  return (
    <ul className={className}>
      {directions.map((direction) => (
        <li key={direction.id}>
          <Link to={direction.href} className={`${className}__link`}>
            {direction.name}
          </Link>
        </li>
      ))}
      <li>
        <Link to={ALL_AREAS_HREF} className={`${className}__link ${className}__all`}>
          {ALL_AREAS_LABEL}
        </Link>
      </li>
    </ul>
  );
}

/** Desktop: the "Direcciones" button opens a panel with the directions and a link to all areas. */
export function DirectionsMenu({ directions }: { directions: DirectionLink[] }) {
  return (
    <details className="directions-menu" data-disclosure data-directions-menu>
      <summary className="main-nav__link directions-menu__toggle">Direcciones</summary>
      <div className="directions-menu__panel">
        <DirectionLinks directions={directions} className="directions-menu__list" />
      </div>
    </details>
  );
}
