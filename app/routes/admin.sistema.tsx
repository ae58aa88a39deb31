import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { staffAction, staffIntent } from "~/actions/pipeline.server";
import { StaffTable } from "~/components/staff-table";
import { db } from "~/db.server";
import { requireStaff } from "~/staff/guard.server";
import { staffAccessOf } from "~/staff/access-registry";
import { backupNow, retryMail } from "~/system/system-actions.server";
import { systemStatus } from "~/system/system-status.server";
import {
  BACKUP_ORIGIN_LABELS,
  JOB_LABELS,
  MAIL_STATUS_LABELS,
  OUTCOME_LABELS,
  formatBytes,
  formatCounts,
  formatShare,
  formatUptime,
} from "~/system/system-words";
import { formatMexicoCityDateTime } from "~/utils/mexico-city";
import { redirectWithToast } from "~/utils/toast.server";
import systemStyles from "~/styles/system.css";

// The state of the site for administrators (issue 24): version, disks, backups, mail, jobs, certificate.
export const staffAccess = staffAccessOf("routes/admin.sistema");

export const links: LinksFunction = () => [{ rel: "stylesheet", href: systemStyles }];

export const meta: MetaFunction = () => [{ title: "Sistema | Área del personal HIMFG" }, { name: "robots", content: "noindex, nofollow" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, staffAccess);
  return { status: await systemStatus(db) };
}

const done = (outcome: { message: string }) =>
  redirectWithToast("/admin/sistema", { type: "success", description: outcome.message }, { status: 303 });

export const action = staffAction({
  access: staffAccess,
  intents: {
    respaldar: staffIntent({ schema: z.object({}), step: (ctx) => backupNow(db, ctx), done }),
    reintentar: staffIntent({
      schema: z.object({ correo: z.coerce.number().int().positive() }),
      step: (ctx, { value }) => retryMail(db, ctx, value.correo),
      done,
    }),
  },
});

const when = (iso: string | null) => (iso ? formatMexicoCityDateTime(iso) : "—");

export default function SystemPage() {
  const { status } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A refused «Respaldar ahora» or «Reintentar»: its message (the forms have no field to fix).
  const refused = actionData
    ? (actionData.result.error?.[""] ?? ["La solicitud no es válida: vuelva a cargar la página e inténtelo de nuevo."])
    : null;
  return (
    <div className="container page system-page">
      <h1>Sistema</h1>
      <p>
        El estado del sitio: versión, espacio en disco, respaldos, correo y tareas automáticas. Los problemas también llegan por correo a los
        administradores, una vez por problema.
      </p>
      {refused ? (
        <div className="notice notice--warning" role="alert">
          <p>{refused.join(" ")}</p>
        </div>
      ) : null}

      <section aria-labelledby="problemas">
        <h2 id="problemas">Problemas</h2>
        {status.problems.length === 0 ? (
          <p>No hay problemas.</p>
        ) : (
          <ul className="system-problems">
            {status.problems.map((problem) => (
              <li key={problem.key}>{problem.message}</li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="sitio">
        <h2 id="sitio">El sitio</h2>
        <dl className="system-facts">
          <dt>Versión</dt>
          <dd>
            {status.version}
            {status.commit ? ` (commit ${status.commit})` : " (commit desconocido)"}
          </dd>
          <dt>En marcha desde</dt>
          <dd>
            {when(status.startedAt)} ({formatUptime(status.uptimeSeconds)})
          </dd>
          <dt>Uso</dt>
          <dd>
            {status.demo
              ? "Demostración: los pagos son simulados y los correos no salen del servidor."
              : "Uso real: pagos con Banorte y correo real."}
          </dd>
          <dt>Cómo se confirman los pagos con tarjeta</dt>
          <dd>
            <ul>
              {status.confirmationPaths.map((path) => (
                <li key={path}>{path}</li>
              ))}
            </ul>
          </dd>
          <dt>Tamaño de la base de datos</dt>
          <dd>{formatBytes(status.databaseBytes)}</dd>
          <dt>Chromium para los PDF</dt>
          <dd>
            {status.chromium.available
              ? `Disponible (${status.chromium.path})`
              : `No disponible en ${status.chromium.path}: los PDF no se pueden generar.`}
          </dd>
          <dt>Certificado de Banorte</dt>
          <dd>
            {!status.certificate
              ? "No configurado."
              : status.certificate.problem
                ? `No se pudo leer: ${status.certificate.problem}`
                : `Vence el ${when(status.certificate.validTo)} (${status.certificate.daysLeft} días)${status.certificate.warning ? ": renuévelo pronto." : "."}`}
          </dd>
        </dl>
        <StaffTable caption="Espacio en disco" columns={["Lugar", "Libre", "Total", "Estado"]}>
          {status.disks.map((disk) => (
            <tr key={disk.label}>
              <th scope="row">
                {disk.label} <span className="system-path">{disk.path}</span>
              </th>
              <td>
                {formatBytes(disk.freeBytes)} ({formatShare(disk.freeShare)})
              </td>
              <td>{formatBytes(disk.totalBytes)}</td>
              <td>{disk.low ? "Poco espacio (menos de 10 % libre)" : "Bien"}</td>
            </tr>
          ))}
        </StaffTable>
      </section>

      <section aria-labelledby="respaldos">
        <h2 id="respaldos">Respaldos</h2>
        <p>
          Último respaldo:{" "}
          {status.lastBackup
            ? `${when(status.lastBackup.takenAt)}, ${status.lastBackup.ok ? "revisado y correcto" : `falló la revisión (${status.lastBackup.integrity})`}.`
            : "todavía no hay ninguno."}{" "}
          Se guardan en <span className="system-path">{status.backupDirectory}</span>.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="respaldar" />
          <button type="submit" className="button">
            Respaldar ahora
          </button>
        </Form>
        <StaffTable caption="Respaldos guardados" columns={["Archivo", "Fecha", "Tamaño", "Origen"]}>
          {status.backups.map((backup) => (
            <tr key={backup.fileName}>
              <th scope="row">
                <a href={`/admin/sistema/respaldos/${backup.fileName}`} download>
                  Descargar <span className="system-path">{backup.fileName}</span>
                </a>
              </th>
              <td>{when(backup.takenAt)}</td>
              <td>{formatBytes(backup.sizeBytes)}</td>
              <td>{BACKUP_ORIGIN_LABELS[backup.origin] ?? backup.origin}</td>
            </tr>
          ))}
        </StaffTable>
      </section>

      <section aria-labelledby="correo">
        <h2 id="correo">Correo</h2>
        <p>
          Últimos 7 días: {status.outbox.sent} enviados, {status.outbox.waiting} en espera, {status.outbox.failed} fallidos.
        </p>
        {status.outbox.open.length === 0 ? (
          <p>No hay correos en espera ni fallidos.</p>
        ) : (
          <StaffTable caption="Correos en espera o fallidos" columns={["Asunto", "Para", "Estado", "Error", "Acción"]}>
            {status.outbox.open.map((mail) => (
              <tr key={mail.id}>
                <th scope="row">{mail.subject}</th>
                <td>{mail.recipients.join(", ")}</td>
                <td>
                  {MAIL_STATUS_LABELS[mail.status]} ({mail.attempts} {mail.attempts === 1 ? "intento" : "intentos"}; {when(mail.createdAt)})
                </td>
                <td>{mail.lastError ?? "—"}</td>
                <td>
                  {mail.status === "fallido" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="reintentar" />
                      <input type="hidden" name="correo" value={mail.id} />
                      <button type="submit" className="button button--secondary" aria-label={`Reintentar «${mail.subject}»`}>
                        Reintentar
                      </button>
                    </Form>
                  ) : (
                    "—"
                  )}
                </td>
              </tr>
            ))}
          </StaffTable>
        )}
      </section>

      <section aria-labelledby="tareas">
        <h2 id="tareas">Tareas automáticas</h2>
        <StaffTable caption="Última ejecución de cada tarea" columns={["Tarea", "Inicio", "Resultado", "Detalle"]}>
          {status.runs.latest.map((run) => (
            <tr key={run.id}>
              <th scope="row">{JOB_LABELS[run.job] ?? run.job}</th>
              <td>{when(run.startedAt)}</td>
              <td>{OUTCOME_LABELS[run.outcome]}</td>
              <td>{run.error ?? formatCounts(run.counts)}</td>
            </tr>
          ))}
        </StaffTable>
        {status.runs.failures.length > 0 ? (
          <StaffTable caption="Fallas recientes" columns={["Tarea", "Inicio", "Error"]}>
            {status.runs.failures.map((run) => (
              <tr key={run.id}>
                <th scope="row">{JOB_LABELS[run.job] ?? run.job}</th>
                <td>{when(run.startedAt)}</td>
                <td>{run.error}</td>
              </tr>
            ))}
          </StaffTable>
        ) : (
          <p>Ninguna tarea ha fallado en los últimos 30 días.</p>
        )}
      </section>
    </div>
  );
}
