import { z } from "zod";
import { MAX_PASSWORD_LENGTH, passwordProblem } from "~/accounts/password-policy";
import { STAFF_ROLES } from "./staff";

/** The staff forms' schemas, with their Spanish messages (shared by the server and the browser). */
export const staffPasswordStepSchema = z.object({
  intent: z.literal("password"),
  email: z
    .string({ error: "Escriba su correo electrónico institucional." })
    .trim()
    .max(254, "El correo electrónico es demasiado largo.")
    .transform((value) => value.toLowerCase()),
  password: z.string({ error: "Escriba su contraseña." }).max(MAX_PASSWORD_LENGTH, "La contraseña es demasiado larga."),
  redirectTo: z.string().max(2000).optional(),
});

const sixDigits = z
  .string({ error: "Escriba el código de 6 dígitos de su aplicación de autenticación." })
  .transform((value) => value.replace(/\s+/g, ""))
  .pipe(z.string().regex(/^\d{6}$/, "El código tiene 6 dígitos, sin letras. Revíselo en su aplicación de autenticación."));

export const staffCodeStepSchema = z.object({
  intent: z.literal("code"),
  code: sixDigits,
  redirectTo: z.string().max(2000).optional(),
});

/** The set-up link is unknown, used or expired (the page says so too, before any post). */
export const SETUP_LINK_INVALID =
  "Este enlace no es válido, ya se usó o venció (dura 24 horas). Pida a una persona con la función Administración que le envíe uno nuevo.";

/** The TOTP code typed on the set-up page does not match the secret shown there. */
export const SETUP_CODE_MISMATCH =
  "El código no coincide. Revise que escaneó este código QR (o escribió esta clave) y escriba el código que muestra ahora su aplicación.";

export const staffSetupSchema = z
  .object({
    password: z.string({ error: "Escriba una contraseña." }).superRefine((value, ctx) => {
      const problem = passwordProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
    password_confirmation: z.string({ error: "Escriba de nuevo la contraseña." }),
    code: sixDigits,
    // The set-up link's token (a hidden field): checked by completeStaffSetup, which refuses a bad one.
    token: z.string().optional(),
  })
  .refine((value) => value.password === value.password_confirmation, {
    path: ["password_confirmation"],
    message: "Las contraseñas no coinciden. Escriba la misma contraseña en los dos campos.",
    // Checked even when another field is wrong (a weak password, no code), so every error shows at once.
    when: (payload) => {
      const value = payload.value as { password?: unknown; password_confirmation?: unknown } | undefined;
      return typeof value?.password === "string" && typeof value.password_confirmation === "string";
    },
  });

const staffEmail = z
  .string({ error: "Escriba el correo electrónico de la persona." })
  .trim()
  .toLowerCase()
  .max(254, "El correo electrónico es demasiado largo (máximo 254 caracteres).")
  .pipe(z.email("Escriba un correo electrónico válido, por ejemplo nombre@himfg.edu.mx."));

const staffName = z
  .string({ error: "Escriba el nombre de la persona." })
  .trim()
  .max(150, "El nombre es demasiado largo (máximo 150 caracteres).")
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), "El nombre tiene caracteres no permitidos.");

const staffRole = z.enum(STAFF_ROLES, { error: "Elija la función de la persona." });

export const staffInviteSchema = z.object({ intent: z.literal("invite"), email: staffEmail, name: staffName, role: staffRole });
export const staffRoleChangeSchema = z.object({ intent: z.literal("role"), staffId: z.coerce.number().int().positive(), role: staffRole });
export const staffDeactivateSchema = z.object({ intent: z.literal("deactivate"), staffId: z.coerce.number().int().positive() });
export const staffResendSchema = z.object({ intent: z.literal("resend"), staffId: z.coerce.number().int().positive() });

/** For the CLI and the domain function: the same rules as the invite form. */
export const newStaffSchema = z.object({ email: staffEmail, name: staffName, role: staffRole });
export type NewStaff = z.infer<typeof newStaffSchema>;
