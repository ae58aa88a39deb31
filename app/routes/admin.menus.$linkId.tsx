import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { DEFAULT_INTENT, staffAction, staffIntent } from "~/actions/pipeline.server";
import { menuLinkSchema } from "~/content/menu-forms.server";
import { MenuLinkForm } from "~/content/menu-link-form";
import { MENU_TITLES } from "~/content/menus";
import { getMenuLinkForEditor, removeMenuLink, updateMenuLink, type MenuLinkOutcome } from "~/content/menus.server";
import { NO_FIELDS, or404 } from "~/content/record-editor-route.server";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { idParam } from "~/utils/route-params";
import { redirectWithToast } from "~/utils/toast.server";
import siteEditorStyles from "~/styles/site-editor.css";
import { HistoryLink } from "~/content/history-links";
import { staffAccessOf } from "~/staff/access-registry";

// One menu link: change its label, target or order, or remove it (issue 12).
export const staffAccess = staffAccessOf("routes/admin.menus.$linkId");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: siteEditorStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.link.label ?? "Enlace"} | Menús | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

const NOT_FOUND = "No encontramos este enlace; es posible que alguien lo haya quitado.";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const link = await getMenuLinkForEditor(db, idParam(params.linkId, NOT_FOUND));
  if (!link) throw new Response(NOT_FOUND, { status: 404 });
  return { link };
}

/** The link's fields (the main form), or intent = delete. A link that is gone is the Spanish 404. */
export const action = (args: ActionFunctionArgs) => {
  const linkId = () => idParam(args.params.linkId, NOT_FOUND);
  const found = async (outcome: Promise<MenuLinkOutcome>) => or404(await outcome, NOT_FOUND);
  const done = (outcome: { message: string }) =>
    redirectWithToast("/admin/menus", { type: "success", description: outcome.message }, { status: 303 });
  const save = staffIntent({
    schema: menuLinkSchema,
    step: (ctx, { value }) => found(updateMenuLink(db, linkId(), value, ctx.actor, ctx.requestId)),
    done,
  });
  return staffAction({
    access: staffAccess,
    intents: {
      // The form's «Guardar» button posts intent=save; a post without an intent saves too.
      [DEFAULT_INTENT]: save,
      save,
      delete: staffIntent({ schema: NO_FIELDS, step: (ctx) => found(removeMenuLink(db, linkId(), ctx.actor, ctx.requestId)), done }),
    },
  })(args);
};

export default function EditMenuLink() {
  const { link } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage backTo="/admin/menus" backLabel="Volver a los menús" heading={<>Editar el enlace «{link.label}»</>}>
      <p>{MENU_TITLES[link.menu]}</p>
      <HistoryLink segment="menus" recordKey={link.id}>
        Historial del enlace (versiones anteriores y «Restaurar»)
      </HistoryLink>
      <MenuLinkForm
        id="editar-enlace"
        action={`/admin/menus/${link.id}`}
        defaultValue={{ label: link.label, href: link.href, position: String(link.position) }}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        submitLabel="Guardar cambios"
        errorTitle="No pudimos guardar el enlace"
      />
      <h2>Quitar el enlace</h2>
      <Form method="post" action={`/admin/menus/${link.id}`} className="form">
        <p>El enlace deja de mostrarse en el menú. La bitácora conserva cómo era.</p>
        <button type="submit" name="intent" value="delete" className="button button--secondary">
          Quitar «{link.label}» del menú
        </button>
      </Form>
    </StaffEditorPage>
  );
}
