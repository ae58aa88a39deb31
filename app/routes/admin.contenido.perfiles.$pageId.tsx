import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { getProfileForEditor, parseProfileForm, updateProfile } from "~/content/profile-page-editor.server";
import { ProfileEditorForm } from "~/content/seeded-record-editor-forms";
import { PROFILE_IMAGE_FIELDS, type ProfileImageField } from "~/content/seeded-record-forms";
import { editorRecordId } from "~/content/revisions.server";
import { db } from "~/db.server";
import { publicFileUrl } from "~/files/files.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";
import { redirectWithToast } from "~/utils/toast.server";

// Editing a profile record, shown on information pages such as /medica (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.profile.page_title ?? "Perfil"} | Editar | Área del personal HIMFG` },
  { name: "robots", content: "noindex, nofollow" },
];

const NOT_FOUND = "No encontramos este perfil";

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  const profile = await getProfileForEditor(db, editorRecordId(params.pageId));
  if (!profile) throw new Response(NOT_FOUND, { status: 404 });
  const images = Object.fromEntries(
    PROFILE_IMAGE_FIELDS.map((field) => [field, profile[field] ? { href: publicFileUrl(profile[field]), label: "ver la imagen actual" } : null]),
  ) as Record<ProfileImageField, { href: string; label: string } | null>;
  return { profile, images };
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const actor = await requireStaff(request, staffAccess);
  const profileId = editorRecordId(params.pageId);
  const parsed = await parseProfileForm(request);
  if ("done" in parsed) return parsed.done;
  const outcome = await updateProfile(db, profileId, parsed.value, parsed.files, actor, context.requestId ?? null, now());
  if (!outcome.ok && "notFound" in outcome) throw new Response(NOT_FOUND, { status: 404 });
  if (!outcome.ok) return data({ result: parsed.submission.reply({ fieldErrors: outcome.issues }), preview: null }, { status: 400 });
  return redirectWithToast(`/admin/contenido/perfiles/${profileId}`, { type: "success", description: outcome.message });
}

export default function EditProfile() {
  const { profile, images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <div className="container page">
      <p>
        <Link to="/admin/contenido/perfiles">Volver a los perfiles de dirección</Link>
      </p>
      <h1>Editar el perfil «{profile.page_title}»</h1>
      <p>
        Se muestra en:{" "}
        {profile.paths.length
          ? profile.paths.map((path, index) => (
              <span key={path}>
                {index ? ", " : ""}
                <a href={path}>{path}</a>
              </span>
            ))
          : "ninguna página"}{" "}
        · <Link to={`/admin/contenido/perfiles/${profile.id}/historial`}>Historial de versiones</Link>
      </p>
      <ProfileEditorForm
        key={profile.updatedAt}
        action={`/admin/contenido/perfiles/${profile.id}`}
        defaultValue={{
          page_title: profile.page_title,
          page_banner_image_alt: profile.page_banner_image_alt,
          page_banner_content: profile.page_banner_content,
          page_first_content: profile.page_first_content,
          page_first_image_alt: profile.page_first_image_alt,
          page_second_content: profile.page_second_content,
          page_second_image_alt: profile.page_second_image_alt,
        }}
        images={images}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </div>
  );
}
