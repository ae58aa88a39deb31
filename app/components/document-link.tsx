import { useLocation } from "@remix-run/react";
import type { AnchorHTMLAttributes } from "react";

/**
 * A link of the public layout (header, footer, directions menu): a plain `<a>`. Every public page
 * but one renders without React in the browser (decisions 0027, 0038, 0039), where a router `<Link>`
 * adds nothing but server time (path resolution per link, a few hundred per page); and from the one
 * hydrated page, a full load is what lets the target page's script run.
 * `navigation` marks the link of the current page (`aria-current="page"`), as NavLink did: the same
 * path, or a path under it unless `end`.
 */
export function DocumentLink({
  navigation = false,
  end = false,
  href,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; navigation?: boolean; end?: boolean }) {
  const { pathname } = useLocation();
  const current = navigation && isCurrent(pathname, href, end);
  return (
    <a href={href} aria-current={current ? "page" : undefined} {...rest}>
      {children}
    </a>
  );
}

function isCurrent(pathname: string, href: string, end: boolean): boolean {
  const target = href.length > 1 ? href.replace(/\/+$/, "") : href;
  if (pathname === target) return true;
  return !end && target !== "/" && pathname.startsWith(`${target}/`);
}
