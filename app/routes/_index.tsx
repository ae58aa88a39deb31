import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { BannerCarousel } from "~/components/banner-carousel";
import { getVisibleBanners } from "~/content/banners.server";
import { db } from "~/db.server";
import type { RootLoader } from "~/root";
import { defaultSettings, phoneHref, type Settings } from "~/settings/settings";
import { now } from "~/utils/clock.server";
import { jsonLd, pageMeta, rootOrigin } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

export const meta: MetaFunction<typeof loader, { root: RootLoader }> = ({ matches }) => {
  const origin = rootOrigin(matches);
  const settings = matches.find((match) => match.id === "root")?.data?.settings ?? defaultSettings;
  return [
    ...pageMeta({
      title: settings.institutionName,
      description:
        "Hospital Infantil de México Federico Gómez: atención pediátrica de alta especialidad, enseñanza e investigación. Requisitos de consulta, oferta académica, transparencia y donativos.",
      path: "/",
      origin,
    }),
    jsonLd(hospitalJsonLd(settings, origin)),
  ];
};

/** schema.org Hospital, so search engines show the address and phone. */
function hospitalJsonLd(settings: Settings, origin: string) {
  return {
    "@context": "https://schema.org",
    "@type": "Hospital",
    name: settings.institutionName,
    alternateName: settings.institutionAcronym,
    url: `${origin}/`,
    logo: `${origin}/images/logo-himfg.svg`,
    image: `${origin}/images/og-himfg.png`,
    telephone: phoneHref(settings.phone).replace("tel:", ""),
    email: settings.email,
    medicalSpecialty: "Pediatric",
    isAcceptingNewPatients: true,
    address: {
      "@type": "PostalAddress",
      streetAddress: settings.addressStreet,
      addressLocality: `${settings.addressNeighbourhood}, ${settings.addressBorough}`,
      addressRegion: settings.addressCity,
      postalCode: settings.addressPostalCode,
      addressCountry: "MX",
    },
    sameAs: settings.socialLinks.map((link) => link.url),
  };
}

export async function loader() {
  return { banners: await getVisibleBanners(db, now()) };
}

const tiles = [
  { label: "Especialidades", href: "/especialidades", text: "Servicios médicos y quirúrgicos pediátricos de alta especialidad." },
  {
    label: "Requisitos para ingresar al hospital",
    href: "/requisitos",
    text: "Qué traer y cómo se valora a su hija o hijo en la consulta de primera vez.",
  },
  { label: "Oferta académica", href: "/ensenanza/offer", text: "Cursos de educación médica continua presenciales y en línea." },
  {
    label: "El instituto y su historia",
    href: "/el-instituto-y-su-historia",
    text: "Más de ocho décadas de atención, enseñanza e investigación pediátrica.",
  },
  { label: "Voluntariado", href: "/voluntariado", text: "Acompañe a pacientes y familias con tiempo y talento." },
  { label: "Patronato", href: "/patronato", text: "Personas e instituciones que apoyan la labor del hospital." },
  { label: "Legado artístico", href: "/legado-artistico", text: "Murales y obras que forman parte de nuestro patrimonio." },
];

export default function Home() {
  const { banners } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="visually-hidden">Hospital Infantil de México Federico Gómez</h1>
      <BannerCarousel slides={banners} />
      <div className="container page">
        <section aria-labelledby="inicio-accesos" className="home-section">
          <h2 id="inicio-accesos">Conozca el hospital</h2>
          <ul className="tile-grid">
            {tiles.map((tile) => (
              <li key={tile.href} className="tile">
                <Link to={tile.href} className="tile__link">
                  {tile.label}
                </Link>
                <p className="tile__text">{tile.text}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="inicio-donativos" className="home-section">
          <h2 id="inicio-donativos">Done al hospital</h2>
          <p>
            Su donativo ayuda a atender a niñas, niños y adolescentes de todo el país. <Link to="/donacion">Haga un donativo</Link> con tarjeta o por
            transferencia.
          </p>
        </section>
        <section aria-labelledby="inicio-mision" className="home-section mission">
          <div>
            <h2 id="inicio-mision">Misión</h2>
            <p>
              Brindar atención pediátrica de alta especialidad con calidad, seguridad y calidez a niñas, niños y adolescentes de todo el país, formar
              a los profesionales de la salud que México necesita y generar conocimiento científico que mejore la salud de la infancia.
            </p>
          </div>
          <div>
            <h2>Visión</h2>
            <p>
              Ser el referente nacional en un modelo de atención pediátrica cuaternaria, centrado en el paciente y su familia, en un entorno de Cero
              Daño, donde la enseñanza y la investigación se traducen en mejores resultados de salud.
            </p>
          </div>
        </section>
      </div>
    </>
  );
}
