import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData } from "@remix-run/react";
import { createProfile, parseProfileCreateForm } from "~/content/profile-page-editor.server";
import { RecordEditorScreen } from "~/content/record-editor-form";
import { recordFormAction } from "~/content/record-editor-route.server";
import { staffScreenMeta } from "~/content/record-list";
import { ProfileEditorForm } from "~/content/seeded-record-editor-forms";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import type { StaffAccess } from "~/staff/staff";
import { now } from "~/utils/clock.server";

// A new profile record, as a draft (issue 12, decision 0026).
export const staffAccess = ["comunicacion"] as const satisfies StaffAccess;

export const meta = staffScreenMeta("Crear un perfil de dirección");

const NO_IMAGES = { page_banner_image: null, banner_image_responsive: null, page_first_image: null, page_second_image: null };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return null;
}

export const action = ({ request, context }: ActionFunctionArgs) =>
  recordFormAction(request, staffAccess, {
    parse: parseProfileCreateForm,
    save: (value, files, actor) => createProfile(db, value, files, actor, context.requestId ?? null, now()),
    notFound: "No encontramos este perfil",
    redirectTo: (id) => `/admin/contenido/perfiles/${id}`,
  });

export default function NewProfile() {
  const actionData = useActionData<typeof action>();
  return (
    <RecordEditorScreen back={{ to: "/admin/contenido/perfiles", label: "Volver a los perfiles de dirección" }} title="Crear un perfil de dirección">
      <p>El perfil queda como borrador: una página de información lo muestra cuando está vinculada a él y publicado.</p>
      <ProfileEditorForm
        isNew
        action="/admin/contenido/perfiles/nueva"
        defaultValue={{
          page_title: "",
          page_banner_image_alt: "",
          page_banner_content: "",
          page_first_content: "",
          page_first_image_alt: "",
          page_second_content: "",
          page_second_image_alt: "",
        }}
        images={NO_IMAGES}
        lastResult={actionData?.result as SubmissionResult<string[]> | undefined}
        preview={actionData?.preview}
      />
    </RecordEditorScreen>
  );
}
