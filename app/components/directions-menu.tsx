import { Link } from "@remix-run/react";
import type { DirectionMenuItem } from "~/content/directions.server";

type MenuItem = Pick<DirectionMenuItem, "id" | "name" | "href" | "children">;

/**
 * The nested list of directions → subdirections → departments. Each level with children is a
 * native <details> disclosure: it opens with Enter/Space, needs no JavaScript, and screen readers
 * announce it as expanded or collapsed. JavaScript only adds Escape and click-outside (see
 * useDisclosureMenus).
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

/** Desktop: the "Direcciones" button opens a panel with one column per direction. */
export function DirectionsMenu({ directions }: { directions: MenuItem[] }) {
  return (
    <details className="directions-menu" data-disclosure data-directions-menu>
      <summary className="main-nav__link directions-menu__toggle">Direcciones</summary>
      <div className="directions-menu__panel">
        <ul className="directions-menu__columns">
          {directions.map((direction) => (
            <li key={direction.id} className="directions-menu__column">
              <Link to={direction.href} className="directions-menu__heading">
                {direction.name}
              </Link>
              {direction.children.length > 0 ? <DirectionsTree items={direction.children} idPrefix={`d-${direction.id}`} /> : null}
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
