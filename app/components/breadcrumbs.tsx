import { Link } from "@remix-run/react";

export interface Crumb {
  label: string;
  href: string;
}

/**
 * Breadcrumbs for deep pages. "Inicio" comes first automatically; the last crumb is the current
 * page (aria-current). Pair with deepPageMeta() from ~/utils/seo in the route's meta.
 */
export function Breadcrumbs({ items }: { items: Crumb[] }) {
  const all = [{ label: "Inicio", href: "/" }, ...items];
  return (
    <nav aria-label="Ruta de navegación" className="breadcrumbs">
      <ol>
        {all.map((item, index) =>
          index === all.length - 1 ? (
            <li key={item.href} aria-current="page">
              {item.label}
            </li>
          ) : (
            <li key={item.href}>
              <Link to={item.href}>{item.label}</Link>
            </li>
          ),
        )}
      </ol>
    </nav>
  );
}
