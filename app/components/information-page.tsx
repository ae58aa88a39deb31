import type { LinksFunction, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { Breadcrumbs } from "~/components/breadcrumbs";
import { DocumentGroups, documentStylesHref } from "~/components/document-groups";
import { RichText } from "~/components/rich-text";
import type { ContentPageView, ProfileView } from "~/content/content-pages.server";
import { IMAGE_FRAMES } from "~/content/image-frames";
import pagesStyles from "~/styles/pages.css";
import { deepPageMeta } from "~/utils/seo";
import { MEXICO_CITY_TIME_ZONE } from "~/utils/mexico-city";

/** Stylesheets of the institutional pages. */
export const institutionalLinks: LinksFunction = () => [
  { rel: "stylesheet", href: pagesStyles },
  { rel: "stylesheet", href: documentStylesHref },
];

/** meta for any route whose loader returns { page: ContentPageView }. */
export const informationPageMeta: MetaFunction = ({ data, matches }) => {
  const page = (data as { page?: ContentPageView } | undefined)?.page;
  if (!page) return [{ title: "Página no encontrada | HIMFG" }, { name: "robots", content: "noindex" }];
  return deepPageMeta({ title: page.title, description: page.summary, path: page.path, crumbs: page.breadcrumbs, matches });
};

const updatedFormat = new Intl.DateTimeFormat("es-MX", { dateStyle: "long", timeZone: MEXICO_CITY_TIME_ZONE });

export function formatUpdated(iso: string): string {
  // SQLite's timestamps are UTC ("2025-01-02T03:04:05.000Z" or "2025-01-02 03:04:05").
  const date = new Date(iso.includes("T") ? iso : `${iso.replace(" ", "T")}Z`);
  return Number.isNaN(date.getTime()) ? "" : updatedFormat.format(date);
}

export function SectionNav({ pages, current, label }: { pages: { label: string; href: string }[]; current: string; label: string }) {
  if (pages.length < 2) return null;
  return (
    <nav aria-label={label} className="section-nav">
      <ul>
        {pages.map((item) => (
          <li key={item.href}>
            <Link to={item.href} aria-current={item.href === current ? "page" : undefined} prefetch="intent">
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function ProfileSections({ profile }: { profile: ProfileView }) {
  const { content, bannerResponsive, banner } = IMAGE_FRAMES;
  return (
    <div className="profile">
      {profile.banner ? (
        <picture className="profile__banner">
          {profile.banner.responsiveUrl ? (
            <source
              media="(max-width: 600px)"
              srcSet={profile.banner.responsiveUrl}
              width={bannerResponsive.width}
              height={bannerResponsive.height}
            />
          ) : null}
          <img src={profile.banner.url} alt={profile.banner.alt} width={banner.width} height={banner.height} />
        </picture>
      ) : null}
      <RichText html={profile.bannerContent} className="profile__lead" />
      <div className="split">
        <RichText html={profile.firstContent} />
        {profile.firstImage ? (
          <img
            className="split__image"
            src={profile.firstImage.url}
            alt={profile.firstImage.alt}
            width={content.width}
            height={content.height}
            loading="lazy"
          />
        ) : null}
      </div>
      <div className="split split--reverse">
        <RichText html={profile.secondContent} />
        {profile.secondImage ? (
          <img
            className="split__image"
            src={profile.secondImage.url}
            alt={profile.secondImage.alt}
            width={content.width}
            height={content.height}
            loading="lazy"
          />
        ) : null}
      </div>
    </div>
  );
}

/** The template of every information page; `children` go after the body (e.g. the video). */
export function InformationPage({ page, children }: { page: ContentPageView; children?: ReactNode }) {
  const updated = formatUpdated(page.updatedAt);
  return (
    <div className="container page info-page">
      <Breadcrumbs items={page.breadcrumbs} />
      <h1>{page.title}</h1>
      <SectionNav pages={page.sectionPages} current={page.path} label="Páginas de esta sección" />
      <RichText html={page.body} />
      {children}
      {page.profile ? <ProfileSections profile={page.profile} /> : null}
      {page.documents ? (
        <section aria-labelledby="documentos-pagina" className="page-documents">
          <h2 id="documentos-pagina">{page.documents.title}</h2>
          {page.documents.description ? <p>{page.documents.description}</p> : null}
          <DocumentGroups groups={page.documents.groups} headingLevel={3} />
        </section>
      ) : null}
      {updated ? <p className="page-updated">Última actualización: {updated}</p> : null}
    </div>
  );
}
