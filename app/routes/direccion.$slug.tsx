import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DocumentGroups } from "~/components/document-groups";
import { formatUpdated, institutionalLinks } from "~/components/information-page";
import { RichText } from "~/components/rich-text";
import { findRedirect } from "~/content/content-pages.server";
import { getDepartmentPage, type AreaLink, type DepartmentPageView } from "~/content/department-pages.server";
import { IMAGE_FRAMES } from "~/content/image-frames";
import { db } from "~/db.server";
import { deepPageMeta } from "~/utils/seo";
import type { PageHandle } from "~/enhance/page-handle";

/** Plain HTML plus the page script: nothing here needs React in the browser (decision 0027). */
export const handle: PageHandle = { hydrate: false };

// /direccion/{slug}: a direction (tipo_departamento 2) or a subdirection/department/service page.
// The library and financial-transparency slugs have their own static routes, which Remix prefers.
// A renamed slug's old address answers with a permanent redirect (path_redirects, decision 0025).
export async function loader({ request, params }: LoaderFunctionArgs) {
  const page = await getDepartmentPage(db, params.slug ?? "");
  if (page) return { page };
  const target = await findRedirect(db, `/direccion/${(params.slug ?? "").toLowerCase()}`);
  if (target) throw redirect(`${target}${new URL(request.url).search}`, { status: 308 });
  throw new Response(null, { status: 404 });
}

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => {
  if (!data) return [{ title: "Página no encontrada | HIMFG" }, { name: "robots", content: "noindex" }];
  const { page } = data;
  return deepPageMeta({ title: page.title, description: page.summary, path: page.path, crumbs: page.breadcrumbs, matches });
};

export const links = institutionalLinks;

type PageData = ReturnType<typeof useLoaderData<typeof loader>>["page"];

function HeadCard({ head }: { head: NonNullable<DepartmentPageView["head"]> }) {
  const { portrait } = IMAGE_FRAMES;
  return (
    <aside className="head-card" aria-labelledby="titular">
      {head.photoUrl ? (
        // The name is printed beside the photo, so the image adds nothing for screen readers.
        <img className="head-card__photo" src={head.photoUrl} alt="" width={portrait.width} height={portrait.height} />
      ) : null}
      <div>
        <h2 id="titular" className="head-card__label">
          Titular
        </h2>
        <p className="head-card__name">{head.name}</p>
        {head.grade ? <p className="head-card__grade">{head.grade}</p> : null}
      </div>
    </aside>
  );
}

function Areas({ areas, heading }: { areas: AreaLink[]; heading: string }) {
  if (areas.length === 0) return null;
  return (
    <section aria-labelledby="areas" className="areas">
      <h2 id="areas">{heading}</h2>
      <ul className="areas__list">
        {areas.map((area) => (
          <li key={area.href} className="areas__item">
            <Link to={area.href} className="areas__link">
              {area.name}
            </Link>
            {area.children.length > 0 ? (
              <ul className="areas__children">
                {area.children.map((child) => (
                  <li key={child.href}>
                    <Link to={child.href}>{child.name}</Link>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function ContentImage({ image }: { image: PageData["firstImage"] }) {
  if (!image) return null;
  const { content } = IMAGE_FRAMES;
  return <img className="split__image" src={image.url} alt={image.alt} width={content.width} height={content.height} loading="lazy" />;
}

function ResearchUnits({ page }: { page: PageData }) {
  if (page.researchUnits.length === 0) return null;
  return (
    <section aria-labelledby="unidades" className="research-units">
      <h2 id="unidades">Unidades y laboratorios de investigación</h2>
      <ul className="card-list">
        {page.researchUnits.map((unit) => (
          <li key={unit.id} className="card-list__item">
            <Link to={unit.href} className="card-list__link">
              {unit.name}
            </Link>
            <p>{unit.summary}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Documents({ page }: { page: PageData }) {
  if (!page.documents) return null;
  return (
    <section aria-labelledby="documentos" className="page-documents">
      <h2 id="documentos">{page.documents.title}</h2>
      {page.documents.description ? <p>{page.documents.description}</p> : null}
      <DocumentGroups groups={page.documents.groups} headingLevel={3} />
    </section>
  );
}

function StaffLinks({ page }: { page: PageData }) {
  if (page.staffLinks.length === 0) return null;
  return (
    <section aria-labelledby="personal" className="staff-links">
      <h2 id="personal">Personal y contacto</h2>
      <ul>
        {page.staffLinks.map((staff) => (
          <li key={`${staff.name}-${staff.link}`}>
            {staff.link.startsWith("/") ? <Link to={staff.link}>{staff.name}</Link> : <a href={staff.link}>{staff.name}</a>}
          </li>
        ))}
      </ul>
    </section>
  );
}

export default function DepartmentPage() {
  const { page } = useLoaderData<typeof loader>();
  const updated = formatUpdated(page.updatedAt);
  if (page.layout === "direccion") {
    return (
      <div className="container page dept-page dept-page--direccion">
        <Breadcrumbs items={page.breadcrumbs} />
        <header className="direction-hero">
          <div className="direction-hero__text">
            <p className="direction-hero__eyebrow">Hospital Infantil de México Federico Gómez</p>
            <h1>{page.title}</h1>
            <p className="direction-hero__summary">{page.summary}</p>
          </div>
          {page.head ? <HeadCard head={page.head} /> : null}
        </header>
        <div className="split">
          <RichText html={page.firstContent} />
          <ContentImage image={page.firstImage} />
        </div>
        <Areas areas={page.areas} heading="Áreas que integran la dirección" />
        <ResearchUnits page={page} />
        <Documents page={page} />
        <div className="split split--reverse">
          <RichText html={page.secondContent} />
          <ContentImage image={page.secondImage} />
        </div>
        <StaffLinks page={page} />
        {updated ? <p className="page-updated">Última actualización: {updated}</p> : null}
      </div>
    );
  }
  return (
    <div className="container page dept-page">
      <Breadcrumbs items={page.breadcrumbs} />
      <h1>{page.title}</h1>
      <div className="dept-page__layout">
        <div className="dept-page__main">
          <RichText html={page.firstContent} />
          <ContentImage image={page.firstImage} />
          <RichText html={page.secondContent} />
          <ContentImage image={page.secondImage} />
        </div>
        <div className="dept-page__aside">
          {page.head ? <HeadCard head={page.head} /> : null}
          <StaffLinks page={page} />
        </div>
      </div>
      <Areas areas={page.areas} heading="Áreas que coordina" />
      <ResearchUnits page={page} />
      <Documents page={page} />
      {updated ? <p className="page-updated">Última actualización: {updated}</p> : null}
    </div>
  );
}
