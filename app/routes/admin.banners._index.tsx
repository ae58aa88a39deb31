import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { ArrangeButtons } from "~/components/arrange-buttons";
import { OrderedListLead, StaffTable } from "~/components/staff-table";
import { BANNER_STATUS_LABELS } from "~/content/banner-status";
import { arrangeBanner, listBannersForEditor } from "~/content/banners.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import mediaStyles from "~/styles/content-media.css";
import { now } from "~/utils/clock.server";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { arrangeSchema } from "~/utils/reorder.server";
import { staffAction } from "~/actions/pipeline.server";
import { redirectWithToast } from "~/utils/toast.server";
import { staffAccessOf } from "~/staff/access-registry";

// The home carousel's banners, for the communications office (issue 12, decision 0023).
export const staffAccess = staffAccessOf("routes/admin.banners._index");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mediaStyles }];

export const meta: MetaFunction = () => [{ title: "Banners | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { banners: await listBannersForEditor(db, now()) };
}

/** A row button of the list: Subir, Bajar, Ocultar or Mostrar one banner. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    schema: arrangeSchema,
    step: (ctx, { value }) => arrangeBanner(db, value, ctx.actor, ctx.requestId, now()),
    done: (outcome) => redirectWithToast("/admin/banners", { type: "success", description: outcome.message }, { status: 303 }),
  })(args);

function windowText(from: string | null, until: string | null): string {
  if (!from && !until) return "Siempre";
  if (from && until) return `Del ${formatMexicoCityDateTime(from)} al ${formatMexicoCityDateTime(until)}`;
  return from ? `Desde el ${formatMexicoCityDateTime(from)}` : `Hasta el ${formatMexicoCityDateTime(until!)}`;
}

export default function BannersList() {
  const { banners } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page">
      <h1>Banners de la página de inicio</h1>
      <p>El carrusel de la página de inicio muestra, en este orden, los banners visibles en este momento.</p>
      <OrderedListLead
        addHref="/admin/banners/nuevo"
        addLabel="Agregar un banner"
        refused={actionData}
        countText={banners.length === 1 ? "1 banner" : `${banners.length} banners`}
      />
      <StaffTable caption="Banners del carrusel, en orden" hideCaption columns={["Banner", "Imagen", "Enlace", "Periodo", "Estado", "Acciones"]}>
        {banners.map((banner, index) => (
          <tr key={banner.id}>
            <th scope="row">
              <Link to={`/admin/banners/${banner.id}`}>{banner.heading ?? banner.altText}</Link>
            </th>
            <td>
              <img src={banner.imageUrl} alt={banner.altText} width={120} height={40} className="media-thumb" loading="lazy" />
            </td>
            <td>{banner.linkUrl ?? "Sin enlace"}</td>
            <td>{windowText(banner.visibleFrom, banner.visibleUntil)}</td>
            <td>{BANNER_STATUS_LABELS[banner.status]}</td>
            <td>
              <ArrangeButtons
                id={banner.id}
                name={banner.heading ?? banner.altText}
                visible={banner.status !== "oculto"}
                first={index === 0}
                last={index === banners.length - 1}
              />
            </td>
          </tr>
        ))}
      </StaffTable>
    </div>
  );
}
