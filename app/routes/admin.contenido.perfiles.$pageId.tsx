import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { getProfileForEditor, parseProfileForm, updateProfile } from "~/content/profile-page-editor.server";
import { publicationDefaults, RecordEditorScreen } from "~/content/record-editor-form";
import { currentImages, loadRecordForEditor, recordFormAction } from "~/content/record-editor-route.server";
import { staffScreenMeta } from "~/content/record-list";
import { editorRecordId } from "~/content/revisions.server";
import { ProfileEditorForm } from "~/content/seeded-record-editor-forms";
import { PROFILE_IMAGE_FIELDS } from "~/content/seeded-record-forms";
import { db } from "~/db.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";

// Editing a profile record, shown on information pages such as /medica (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Editar un perfil de dirección");

const NOT_FOUND = "No encontramos este perfil";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const profile = await loadRecordForEditor(request, staffAccess, params.pageId, (id) => getProfileForEditor(db, id), NOT_FOUND);
  return { profile, images: currentImages(profile, PROFILE_IMAGE_FIELDS) };
}

export const action = ({ request, params, context }: ActionFunctionArgs) =>
  recordFormAction(request, staffAccess, {
    parse: parseProfileForm,
    save: (value, files, actor) => updateProfile(db, editorRecordId(params.pageId), value, files, actor, context.requestId ?? null, now()),
    notFound: NOT_FOUND,
    redirectTo: () => `/admin/contenido/perfiles/${editorRecordId(params.pageId)}`,
  });

export default function EditProfile() {
  const { profile, images } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <RecordEditorScreen
      back={{ to: "/admin/contenido/perfiles", label: "Volver a los perfiles de dirección" }}
      title={`Editar el perfil «${profile.page_title}»`}
      where={{ label: "Se muestra en", paths: profile.paths, status: profile.status }}
      historyHref={`/admin/contenido/perfiles/${profile.id}/historial`}
    >
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
          ...publicationDefaults(profile),
        }}
        images={images}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}
