import { useForm } from "@conform-to/react";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import type { z } from "zod";
import { ErrorSummary, Field, SelectField, summaryErrors, formProps } from "~/components/forms";
import { SubmitButton } from "~/components/submit-button";
import { staffAction, staffIntent } from "~/actions/pipeline.server";
import type { ActionReply } from "~/actions/reply.server";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { STAFF_ROLE_DESCRIPTIONS, STAFF_ROLE_LABELS, STAFF_ROLES } from "~/staff/staff";
import { staffDeactivateSchema, staffInviteSchema, staffResendSchema, staffRoleChangeSchema } from "~/staff/staff-forms";
import { changeStaffRole, deactivateStaff, inviteStaffByEmail, listStaff, resendSetupLink } from "~/staff/staff-members.server";
import { redirectWithToast } from "~/utils/toast.server";
import { StaffTable } from "~/components/staff-table";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

// Staff accounts: administrators only.
export const staffAccess = staffAccessOf("routes/admin.personal");

export const meta: MetaFunction = () => [{ title: "Personal | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

const STATUS_LABELS = { invitada: "Invitación pendiente", activa: "Activa", inactiva: "Dada de baja" } as const;
const ROLE_OPTIONS = STAFF_ROLES.map((role) => ({ value: role, label: STAFF_ROLE_LABELS[role] }));
const dateTime = new Intl.DateTimeFormat("es-MX", { dateStyle: "medium", timeZone: MEXICO_CITY_TIME_ZONE });

export async function loader({ request }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, staffAccess);
  return { me: staff.id, members: await listStaff(db) };
}

export const action = staffAction({
  access: staffAccess,
  intents: {
    invite: staffIntent({
      schema: staffInviteSchema,
      step: (ctx, { value }) => inviteStaffByEmail(db, ctx, value),
      done: (outcome, { value }) =>
        redirectWithToast("/admin/personal", {
          type: outcome.mailSent ? "success" : "error",
          description: outcome.mailSent
            ? `Se envió la invitación a ${value.email}.`
            : `La cuenta quedó creada, pero no pudimos enviar el correo a ${value.email}. Use «Enviar enlace nuevo».`,
        }),
    }),
    role: staffIntent({ schema: staffRoleChangeSchema, step: (ctx, { value }) => changeStaffRole(db, ctx, value), done: changed }),
    deactivate: staffIntent({ schema: staffDeactivateSchema, step: (ctx, { value }) => deactivateStaff(db, ctx, value), done: changed }),
    resend: staffIntent({ schema: staffResendSchema, step: (ctx, { value }) => resendSetupLink(db, ctx, value), done: changed }),
  },
});

function changed(outcome: { message: string }) {
  return redirectWithToast("/admin/personal", { type: "success", description: outcome.message });
}

/** A row's form answers with one message above the list (its fields are hidden: nothing to fix by hand). */
function rowMessage(actionData: ActionReply | undefined): string | null {
  if (!actionData || actionData.intent === "invite") return null;
  const formErrors = actionData.result.error?.[""] ?? [];
  return formErrors.length ? formErrors.join(" ") : "Los datos enviados no son válidos. Recargue la página e intente de nuevo.";
}

export default function StaffMembersPage() {
  const { me, members } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const inviteResult = actionData?.intent === "invite" ? actionData.result : undefined;
  const [form, fields] = useForm<z.input<typeof staffInviteSchema>>({ id: "invitar-personal", lastResult: inviteResult, shouldValidate: "onSubmit" });
  const otherMessage = rowMessage(actionData);

  return (
    <div className="container page">
      <h1>Personal</h1>
      {otherMessage ? (
        <div className="error-summary" role="alert" tabIndex={-1}>
          <p className="error-summary__title">{otherMessage}</p>
        </div>
      ) : null}

      <h2>Personas con acceso</h2>
      <StaffTable
        caption="Personal con acceso al área del personal"
        hideCaption
        columns={["Nombre", "Correo electrónico", "Función", "Estado", "Acciones"]}
      >
        {members.map((member) => (
          <tr key={member.id}>
            <th scope="row">{member.name}</th>
            <td>{member.email}</td>
            <td>{STAFF_ROLE_LABELS[member.role]}</td>
            <td>
              {STATUS_LABELS[member.status]}
              <br />
              <small>Desde {dateTime.format(new Date(member.createdAt))}</small>
            </td>
            <td>
              {member.status !== "inactiva" && member.id !== me ? (
                <>
                  <Form method="post" className="staff-inline-form">
                    <input type="hidden" name="intent" value="role" />
                    <input type="hidden" name="staffId" value={member.id} />
                    <label htmlFor={`role-${member.id}`}>Función de {member.name}</label>
                    <select id={`role-${member.id}`} name="role" defaultValue={member.role}>
                      {ROLE_OPTIONS.map((option) => (
                        <option key={option.value} value={option.value}>
                          {option.label}
                        </option>
                      ))}
                    </select>
                    <button type="submit" className="button button--secondary">
                      Cambiar función
                    </button>
                  </Form>
                  {member.status === "invitada" ? <MemberActionButton intent="resend" member={member} label="Enviar enlace nuevo" /> : null}
                  <MemberActionButton intent="deactivate" member={member} label="Dar de baja" />
                </>
              ) : member.id === me ? (
                "Usted"
              ) : (
                "—"
              )}
            </td>
          </tr>
        ))}
      </StaffTable>

      <h2>Invitar a una persona</h2>
      <p>Recibirá por correo un enlace (válido 24 horas) para elegir su contraseña y configurar la verificación en dos pasos.</p>
      <ErrorSummary
        title="No pudimos enviar la invitación"
        errors={summaryErrors([fields.email, fields.name, fields.role])}
        formErrors={form.errors}
        focusKey={inviteResult}
      />
      <Form method="post" {...formProps(form)} className="form">
        <input type="hidden" name="intent" value="invite" />
        <Field meta={fields.name} label="Nombre completo" autoComplete="off" required />
        <Field meta={fields.email} label="Correo electrónico" type="email" autoComplete="off" spellCheck={false} required />
        <SelectField meta={fields.role} label="Función" options={ROLE_OPTIONS} required />
        <div className="form-actions">
          <SubmitButton formActionPath="/admin/personal" pendingLabel="Enviando invitación…">
            Enviar invitación
          </SubmitButton>
        </div>
      </Form>

      <h2>Qué puede hacer cada función</h2>
      <dl className="data-list">
        {STAFF_ROLES.map((role) => (
          <div key={role}>
            <dt>{STAFF_ROLE_LABELS[role]}</dt>
            <dd>{STAFF_ROLE_DESCRIPTIONS[role]}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** A one-button form for one member's row; the hidden text names the member for screen readers. */
function MemberActionButton({ intent, member, label }: { intent: "resend" | "deactivate"; member: { id: number; name: string }; label: string }) {
  return (
    <Form method="post" className="staff-inline-form">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="staffId" value={member.id} />
      <button type="submit" className="button button--secondary">
        {label}
        <span className="visually-hidden"> a {member.name}</span>
      </button>
    </Form>
  );
}
