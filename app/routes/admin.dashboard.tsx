import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { requireStaff } from "~/staff/guard.server";
import { linksFor } from "~/staff/navigation";
import { ANY_STAFF, type StaffAccess } from "~/staff/staff";

export const staffAccess = ANY_STAFF satisfies StaffAccess;

export const meta: MetaFunction = () => [{ title: "Inicio del personal | HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  const links = linksFor(staff.role).filter((link) => link.href !== "/admin/dashboard");
  return { staff, links: links.map(({ href, label, description }) => ({ href, label, description })) };
}

export default function StaffDashboard() {
  const { staff, links } = useLoaderData<typeof loader>();
  return (
    <div className="container page">
      <h1>Inicio del personal</h1>
      <p>Hola, {staff.name}.</p>
      <h2>Secciones</h2>
      <ul className="staff-links">
        {links.map((link) => (
          <li key={link.href}>
            <Link to={link.href}>
              {link.label}
              <p>{link.description}</p>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
