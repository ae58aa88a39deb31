// Words and numbers of /admin/sistema (safe in the browser bundle).

const decimal = new Intl.NumberFormat("es-MX", { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("es-MX", { style: "percent", maximumFractionDigits: 0 });

export const JOB_LABELS: Record<string, string> = {
  publicacion: "Publicación programada de páginas",
  correo: "Envío y reintento de correos",
  "archivos-temporales": "Borrado de archivos temporales vencidos",
  avisos: "Avisos de problemas a los administradores",
  pagos: "Mantenimiento de pagos y sesiones",
  respaldos: "Respaldos de la base de datos",
};

export const OUTCOME_LABELS = { en_curso: "En curso", ok: "Correcto", fallo: "Falló" } as const;
export const MAIL_STATUS_LABELS = { en_espera: "En espera", enviado: "Enviado", fallido: "Fallido" } as const;
export const BACKUP_ORIGIN_LABELS: Record<string, string> = {
  programado: "Programado",
  manual: "Pedido por un administrador",
  consola: "Desde la consola",
};

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${decimal.format(value)} ${units[unit]}`;
}

export function formatShare(share: number): string {
  return percent.format(share);
}

/** "3 días, 4 h" / "2 h, 5 min" / "45 s". */
export function formatUptime(seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3_600);
  const minutes = Math.floor((seconds % 3_600) / 60);
  if (days > 0) return `${days} ${days === 1 ? "día" : "días"}, ${hours} h`;
  if (hours > 0) return `${hours} h, ${minutes} min`;
  if (minutes > 0) return `${minutes} min`;
  return `${seconds} s`;
}

/** A run's counts in words, e.g. "publicadas: 1, enviados: 0". */
export function formatCounts(counts: Record<string, number>): string {
  const entries = Object.entries(counts);
  return entries.length ? entries.map(([key, value]) => `${key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase()}: ${value}`).join(", ") : "—";
}
