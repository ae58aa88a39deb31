/** The header menus of the seed specification (section 2), anonymous and signed in. */
export interface MenuLink {
  label: string;
  href: string;
}

export const anonymousMenu: MenuLink[] = [
  { label: "Inicio", href: "/" },
  { label: "Consulta de primera vez", href: "/requisitos" },
  { label: "Transparencia", href: "/transparencia" },
  { label: "Protección de datos", href: "/avisos-de-privacidad" },
  { label: "Sesión clínico patológica", href: "/sesion-clinico-patologica" },
  { label: "Daño cero", href: "/dano-cero" },
  { label: "Oferta académica", href: "/ensenanza/offer" },
  { label: "Código de ética", href: "/cod-etica" },
];

/** The signed-in menu; "Cerrar sesión" is a form (POST /logout), added by the header. */
export const signedInMenu: MenuLink[] = [
  { label: "Inicio", href: "/" },
  { label: "Sesión clínico patológica (video)", href: "/video/scp-2024" },
  { label: "Transparencia", href: "/transparencia" },
  { label: "Oferta académica", href: "/ensenanza/offer" },
  { label: "Perfil", href: "/profile" },
];

export const LOGOUT_LABEL = "Cerrar sesión";
