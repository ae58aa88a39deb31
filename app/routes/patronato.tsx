import { useLoaderData } from "@remix-run/react";
import { InformationPage, informationPageMeta, institutionalLinks } from "~/components/information-page";
import { requireContentPage } from "~/content/content-pages.server";
import { db } from "~/db.server";

// An information page stored in content_pages under this path (editable by staff).
export async function loader() {
  return { page: await requireContentPage(db, "/patronato") };
}

export const meta = informationPageMeta;
export const links = institutionalLinks;

export default function Page() {
  const { page } = useLoaderData<typeof loader>();
  return <InformationPage page={page} />;
}
