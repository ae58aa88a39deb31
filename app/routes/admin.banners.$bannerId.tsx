import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { BannerForm } from "~/content/banner-form";
import { bannerSchema } from "~/content/banner-forms.server";
import { BANNER_STATUS_LABELS } from "~/content/banner-status";
import { getBannerForEditor, saveBanner } from "~/content/banners.server";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { contentImageBody, imageOf, IMAGE_FORM_MAX_BYTES } from "~/files/image-upload.server";
import { staffAction } from "~/actions/pipeline.server";
import { or404 } from "~/content/record-editor-route.server";
import { requireStaff } from "~/staff/guard.server";
import mediaStyles from "~/styles/content-media.css";
import { now } from "~/utils/clock.server";
import { instantToMexicoCityLocal } from "~/utils/mexico-city";
import { redirectWithToast } from "~/utils/toast.server";
import { HistoryLink } from "~/content/history-links";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = IMAGE_FORM_MAX_BYTES;

// Editing one banner of the home carousel (issue 12).
export const staffAccess = staffAccessOf("routes/admin.banners.$bannerId");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mediaStyles }];

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.banner.heading ?? "Banner"} | Editar banner | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

const NOT_FOUND = "No encontramos este banner";

function bannerIdOf(raw: string | undefined): number {
  if (!/^[1-9][0-9]{0,9}$/.test(raw ?? "")) throw new Response(NOT_FOUND, { status: 404 });
  return Number(raw);
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const banner = await getBannerForEditor(db, bannerIdOf(params.bannerId), now());
  if (!banner) throw new Response(NOT_FOUND, { status: 404 });
  return { banner };
}

/** The banner's texts, window and (optionally) a new image; a banner that is gone is the Spanish 404. */
export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    read: contentImageBody,
    schema: bannerSchema,
    step: async (ctx, { value, files }) =>
      or404(
        await saveBanner(db, { bannerId: bannerIdOf(args.params.bannerId), input: value, image: imageOf(files) }, ctx.actor, ctx.requestId, now()),
        NOT_FOUND,
      ),
    done: (outcome) => redirectWithToast("/admin/banners", { type: "success", description: outcome.message }, { status: 303 }),
  })(args);

const localOf = (iso: string | null) => (iso ? instantToMexicoCityLocal(new Date(iso)) : "");

export default function EditBanner() {
  const { banner } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage backTo="/admin/banners" backLabel="Volver a los banners" heading={<>Editar el banner «{banner.heading ?? banner.altText}»</>}>
      <p>Estado: {BANNER_STATUS_LABELS[banner.status]}. Para ocultarlo o cambiar su lugar en el carrusel use la lista de banners.</p>
      <HistoryLink segment="banners" recordKey={banner.id}>
        Historial del banner (versiones anteriores y «Restaurar»)
      </HistoryLink>
      <BannerForm
        key={banner.updatedAt}
        id="editar-banner"
        action={`/admin/banners/${banner.id}`}
        defaultValue={{
          heading: banner.heading ?? "",
          altText: banner.altText,
          link: banner.linkUrl ?? "",
          visibleFrom: localOf(banner.visibleFrom),
          visibleUntil: localOf(banner.visibleUntil),
        }}
        currentImage={{ src: banner.imageUrl, alt: banner.altText }}
        lastResult={actionData?.result}
        submitLabel="Guardar cambios"
      />
    </StaffEditorPage>
  );
}
