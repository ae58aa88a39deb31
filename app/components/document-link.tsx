import type { AnchorHTMLAttributes } from "react";

/**
 * A link of the public layout (header, footer, directions menu): a plain `<a>`. Every public page
 * but one renders without React in the browser (decisions 0027, 0038, 0039), where a router `<Link>`
 * adds nothing but server time (path resolution per link, a few hundred per page); and from the one
 * hydrated page, a full load is what lets the target page's script run. It reads no router state,
 * so the layout's markup can be rendered once and reused (RequestInfo.prerendered): `current`
 * marks the link of the current page (`aria-current="page"`), decided by the caller with
 * `isCurrentPath`.
 */
export function DocumentLink({
  current = false,
  href,
  children,
  ...rest
}: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string; current?: boolean }) {
  return (
    <a href={href} aria-current={current ? "page" : undefined} {...rest}>
      {children}
    </a>
  );
}

/** The link to `href` is the current page's, as NavLink decided: the same path, or a path under it unless `end`. */
export function isCurrentPath(pathname: string, href: string, end: boolean): boolean {
  const target = href.length > 1 ? href.replace(/\/+$/, "") : href;
  if (pathname === target) return true;
  return !end && target !== "/" && pathname.startsWith(`${target}/`);
}
