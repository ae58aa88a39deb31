import { useLoaderData } from "@remix-run/react";
import { InformationPage, informationPageMeta, institutionalLinks } from "~/components/information-page";
import { SessionVideoSection } from "~/components/session-video-section";
import { requireContentPage } from "~/content/content-pages.server";
import { getSessionVideo } from "~/content/session-video.server";
import { db } from "~/db.server";

// The clinical-pathological session: its stored text plus the video from the site settings.
export async function loader() {
  const [page, video] = await Promise.all([requireContentPage(db, "/video/scp-2024"), getSessionVideo(db)]);
  return { page, video };
}

export const meta = informationPageMeta;
export const links = institutionalLinks;

export default function Page() {
  const { page, video } = useLoaderData<typeof loader>();
  return (
    <InformationPage page={page}>
      <SessionVideoSection video={video} />
    </InformationPage>
  );
}
