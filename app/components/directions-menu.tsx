import { DocumentLink } from "~/components/document-link";
import type { DirectionLink, DirectionMenuItem } from "~/content/directions.server";
import { useRequestInfo } from "~/utils/request-info";

type MenuItem = Pick<DirectionMenuItem, "id" | "name" | "href" | "children">;

/** Where the whole tree of areas lives (the header stops at the departments). */
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
          <DocumentLink href={item.href} className="directions-tree__link">
            {item.name}
          </DocumentLink>
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

/**
 * The header's directions tree (directions → subdirections → departments) and a link to every
 * area. Each area with areas under it is a link plus a native <details> disclosure that expands in
 * place: no JavaScript needed, Enter/Space opens it, screen readers hear expanded or collapsed.
 * Classes sit on the outer list only (the CSS reaches the rest by descendant selectors) and the
 * links do not ask Remix to discover their routes up front: this markup is in every page, twice
 * (desktop panel and mobile menu), so every byte counts (issue 20: the tree adds ~1.9 KB gzip to /).
 */
export function DirectionLinks({ directions, className }: { directions: DirectionLink[]; className: string }) {
  const { prerendered } = useRequestInfo();
  // A page rendered on the server for good (it does not hydrate): the tree's markup depends on
  // nothing but `directions`, which the chrome keeps per content version, so it is rendered once
  // per version and reused (entry.server.tsx) instead of as some 300 elements on every page.
  if (prerendered) {
    return (
      <ul
        className={`dnav ${className}`}
        dangerouslySetInnerHTML={{ __html: prerendered([directions], "", () => <DirectionItems directions={directions} />) }}
      />
    );
  }
  return (
    <ul className={`dnav ${className}`}>
      <DirectionItems directions={directions} />
    </ul>
  );
}

/**
 * The tree's items. Plain links, not DocumentLink: none of them marks the current page, and the
 * markup must not depend on the address (it is reused on every page).
 */
function DirectionItems({ directions }: { directions: DirectionLink[] }) {
  return (
    <>
      {directions.map((direction) => (
        <DirectionItem key={direction.href} item={direction} />
      ))}
      <li>
        <a href={ALL_AREAS_HREF} className="dnav__all">
          {ALL_AREAS_LABEL}
        </a>
      </li>
    </>
  );
}

function DirectionItem({ item }: { item: DirectionLink }) {
  const count = item.children?.length ?? 0;
  return (
    <li>
      <a href={item.href}>{item.name}</a>
      {item.children && count > 0 ? (
        <details data-disclosure>
          <summary>
            {count === 1 ? "1 área" : `${count} áreas`}
            <span className="visually-hidden">{` de ${item.name}`}</span>
          </summary>
          <ul>
            {item.children.map((child) => (
              <DirectionItem key={child.href} item={child} />
            ))}
          </ul>
        </details>
      ) : null}
    </li>
  );
}

/** Desktop: the "Direcciones" button opens a panel with the directions tree and a link to all areas. */
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
