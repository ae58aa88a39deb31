/**
 * The old back end's calls that decided money or handed out data in the browser. They answer
 * 410 Gone with where that now lives (docs/api.md, decision 0020): the server, not a client,
 * now decides payments, course access and staff sign-in.
 */
export const RETIRED_CALLS: Record<string, string> = {
  "/api/payments/add-payment":
    "Esta llamada ya no existe: el navegador ya no registra pagos. El servidor confirma cada pago directamente con el banco; inscríbase y pague en /payment después de elegir un curso en /ensenanza/offer.",
  "/api/payments/all-payments":
    "Esta llamada ya no existe: la lista de pagos contiene datos personales y solo la consulta el personal autorizado dentro del sitio. Cada participante ve sus propios pagos en /profile.",
  "/api/courses/course-login":
    "Esta llamada ya no existe: las claves de acceso de los cursos ya no salen a ningún cliente. Los participantes inscritos ven su acceso en la página de su curso (/cursos2025/{curso}) después de iniciar sesión en /userlogin.",
  "/api/auth/login-admin":
    "Esta llamada ya no existe: el personal inicia sesión en el sitio, con su propia cuenta y sus permisos, no por medio de la API.",
};
