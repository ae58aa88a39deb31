import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { BannerForm } from "~/content/banner-form";
import { bannerSchema } from "~/content/banner-forms.server";
import { saveBanner } from "~/content/banners.server";
import { StaffEditorPage } from "~/components/staff-editor-page";
import { db } from "~/db.server";
import { contentImageBody, imageOf, IMAGE_FORM_MAX_BYTES, IMAGE_REQUIRED } from "~/files/image-upload.server";
import { staffAction } from "~/actions/pipeline.server";
import { requireStaff } from "~/staff/guard.server";
import mediaStyles from "~/styles/content-media.css";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";
import { staffAccessOf } from "~/staff/access-registry";

// The largest form body this page takes (its upload rules), checked before parsing (decision 0032).
export const maxBodyBytes = IMAGE_FORM_MAX_BYTES;

// A new banner for the home carousel (issue 12).
export const staffAccess = staffAccessOf("routes/admin.banners.nuevo");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: mediaStyles }];

export const meta: MetaFunction = () => [{ title: "Agregar un banner | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

export const action = (args: ActionFunctionArgs) =>
  staffAction({
    access: staffAccess,
    read: contentImageBody,
    schema: bannerSchema,
    requiredFiles: IMAGE_REQUIRED,
    step: (ctx, { value, files }) => saveBanner(db, { bannerId: null, input: value, image: imageOf(files) }, ctx.actor, ctx.requestId, now()),
    done: (outcome) => redirectWithToast("/admin/banners", { type: "success", description: outcome.message }, { status: 303 }),
  })(args);

export default function NewBanner() {
  const actionData = useActionData<typeof action>();
  return (
    <StaffEditorPage backTo="/admin/banners" backLabel="Volver a los banners" heading={"Agregar un banner"}>
      <BannerForm
        id="nuevo-banner"
        action="/admin/banners/nuevo"
        defaultValue={{ heading: "", altText: "", link: "", visibleFrom: "", visibleUntil: "" }}
        lastResult={actionData?.result}
        submitLabel="Agregar el banner"
      />
    </StaffEditorPage>
  );
}
