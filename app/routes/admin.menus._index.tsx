import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { StaffTable } from "~/components/staff-table";
import { staffAction } from "~/actions/pipeline.server";
import { menuLinkAddSchema } from "~/content/menu-forms.server";
import { MenuLinkForm } from "~/content/menu-link-form";
import { addMenuLink, listMenusForEditor } from "~/content/menus.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { redirectWithToast } from "~/utils/toast.server";
import siteEditorStyles from "~/styles/site-editor.css";
import { staffAccessOf } from "~/staff/access-registry";

// The header menus and the footer links, for the communications office (issue 12).
export const staffAccess = staffAccessOf("routes/admin.menus._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: siteEditorStyles }];

export const meta: MetaFunction = () => [{ title: "Menús | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { menus: await listMenusForEditor(db) };
}

/** A new link in one of the menus (each menu's form carries its `menu` field). */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: menuLinkAddSchema,
    step: (ctx, { value }) => addMenuLink(db, value, ctx.actor, ctx.requestId),
    done: (outcome, { value }) =>
      redirectWithToast(`/admin/menus#menu-${value.menu}`, { type: "success", description: outcome.message }, { status: 303 }),
  })(args);

export default function MenusEditor() {
  const { menus } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page">
      <h1>Menús del sitio</h1>
      <p>
        Los enlaces del menú principal (uno para visitantes sin sesión y otro para participantes con sesión) y los del pie de página. Las direcciones
        del hospital se editan en <Link to="/admin/direcciones">Direcciones</Link>.
      </p>
      {menus.map(({ menu, title, links }) => (
        <section key={menu} aria-labelledby={`menu-${menu}`} className="site-editor__section">
          <h2 id={`menu-${menu}`} tabIndex={-1}>
            {title}
          </h2>
          <StaffTable caption={`${title}: lista actual`} hideCaption columns={["Etiqueta", "Destino", "Orden"]}>
            {links.map((link) => (
              <tr key={link.id}>
                <th scope="row">
                  <Link to={`/admin/menus/${link.id}`}>
                    {link.label}
                    <span className="visually-hidden"> (editar o quitar)</span>
                  </Link>
                </th>
                <td>{link.href}</td>
                <td>{link.position}</td>
              </tr>
            ))}
          </StaffTable>
          <h3>Agregar un enlace</h3>
          <MenuLinkForm
            key={`${menu}-${links.length}`}
            id={`agregar-${menu}`}
            action="/admin/menus"
            hidden={{ menu }}
            defaultValue={{ label: "", href: "", position: String((links.at(-1)?.position ?? 0) + 1) }}
            lastResult={actionData?.result.initialValue?.menu === menu ? (actionData.result as SubmissionResult<string[]>) : undefined}
            submitLabel="Agregar el enlace"
            errorTitle="No pudimos agregar el enlace"
          />
        </section>
      ))}
    </div>
  );
}
