import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { db } from "~/db.server";
import type { StaffRole } from "~/staff/staff";
import { now } from "~/utils/clock.server";
import { getDepartmentPageForEditor, parseDepartmentForm, updateDepartmentPage } from "./department-editor.server";
import { DEPARTMENT_IMAGE_FIELDS } from "./department-forms";
import { createProfile, getProfileForEditor, parseProfileCreateForm, parseProfileForm, updateProfile } from "./profile-page-editor.server";
import { currentImages, loadRecordForEditor, recordFormAction } from "./record-editor-route.server";
import {
  createResearchUnit,
  getResearchUnitForEditor,
  parseResearchUnitCreateForm,
  parseResearchUnitForm,
  updateResearchUnit,
} from "./research-unit-editor.server";
import { editorRecordId } from "./revisions.server";
import { PROFILE_IMAGE_FIELDS, RESEARCH_UNIT_IMAGE_FIELDS } from "./seeded-record-forms";

/**
 * The record editors' loaders and actions (decision 0026), one object per screen, so a route
 * module is its `staffAccess`, its title and these two calls. Each goes through the staff guard
 * first (loadRecordForEditor, recordFormAction), with the route's own `staffAccess`.
 */

type Access = readonly StaffRole[];

const NOT_FOUND = {
  department: "No encontramos esta página",
  unit: "No encontramos esta unidad de investigación",
  profile: "No encontramos este perfil",
};

export const editDepartmentRoute = {
  loader: async ({ request, params }: LoaderFunctionArgs, access: Access) => {
    const page = await loadRecordForEditor(request, access, params.pageId, (id) => getDepartmentPageForEditor(db, id), NOT_FOUND.department);
    return { page, images: currentImages(page, DEPARTMENT_IMAGE_FIELDS) };
  },
  action: ({ request, params, context }: ActionFunctionArgs, access: Access) =>
    recordFormAction(request, access, {
      parse: parseDepartmentForm,
      save: (value, files, actor) => updateDepartmentPage(db, editorRecordId(params.pageId), value, files, actor, context.requestId ?? null, now()),
      notFound: NOT_FOUND.department,
      redirectTo: () => `/admin/contenido/departamentos/${editorRecordId(params.pageId)}`,
    }),
};

export const editResearchUnitRoute = {
  loader: async ({ request, params }: LoaderFunctionArgs, access: Access) => {
    const unit = await loadRecordForEditor(request, access, params.pageId, (id) => getResearchUnitForEditor(db, id), NOT_FOUND.unit);
    return { unit, image: currentImages(unit, RESEARCH_UNIT_IMAGE_FIELDS).image };
  },
  action: ({ request, params, context }: ActionFunctionArgs, access: Access) =>
    recordFormAction(request, access, {
      parse: parseResearchUnitForm,
      save: (value, files, actor) => updateResearchUnit(db, editorRecordId(params.pageId), value, files, actor, context.requestId ?? null, now()),
      notFound: NOT_FOUND.unit,
      redirectTo: () => `/admin/contenido/investigacion/${editorRecordId(params.pageId)}`,
    }),
};

export const newResearchUnitRoute = {
  action: ({ request, context }: ActionFunctionArgs, access: Access) =>
    recordFormAction(request, access, {
      parse: parseResearchUnitCreateForm,
      save: (value, files, actor) => createResearchUnit(db, value, files, actor, context.requestId ?? null, now()),
      notFound: NOT_FOUND.unit,
      redirectTo: (id) => `/admin/contenido/investigacion/${id}`,
    }),
};

export const editProfileRoute = {
  loader: async ({ request, params }: LoaderFunctionArgs, access: Access) => {
    const profile = await loadRecordForEditor(request, access, params.pageId, (id) => getProfileForEditor(db, id), NOT_FOUND.profile);
    return { profile, images: currentImages(profile, PROFILE_IMAGE_FIELDS) };
  },
  action: ({ request, params, context }: ActionFunctionArgs, access: Access) =>
    recordFormAction(request, access, {
      parse: parseProfileForm,
      save: (value, files, actor) => updateProfile(db, editorRecordId(params.pageId), value, files, actor, context.requestId ?? null, now()),
      notFound: NOT_FOUND.profile,
      redirectTo: () => `/admin/contenido/perfiles/${editorRecordId(params.pageId)}`,
    }),
};

export const newProfileRoute = {
  action: ({ request, context }: ActionFunctionArgs, access: Access) =>
    recordFormAction(request, access, {
      parse: parseProfileCreateForm,
      save: (value, files, actor) => createProfile(db, value, files, actor, context.requestId ?? null, now()),
      notFound: NOT_FOUND.profile,
      redirectTo: (id) => `/admin/contenido/perfiles/${id}`,
    }),
};
