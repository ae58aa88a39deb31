import { Link } from "@remix-run/react";
import type { SessionVideo } from "~/content/session-video.server";
import { VideoFacade } from "./video-facade";

const TITLE = "Sesión clínico patológica 2024";

/** The session's video, or what to do while none is published. */
export function SessionVideoSection({ video }: { video: SessionVideo | null }) {
  return (
    <section aria-labelledby="video-sesion" className="session-video">
      <h2 id="video-sesion">Video de la sesión</h2>
      {video ? (
        <>
          <p>
            {video.embedUrl
              ? "Vea la grabación completa de la sesión. El video se carga sólo cuando usted lo pide."
              : "Vea la grabación completa de la sesión."}
          </p>
          <VideoFacade title={TITLE} embedUrl={video.embedUrl} watchUrl={video.watchUrl} />
        </>
      ) : (
        <p className="notice">
          Todavía no hay un video publicado de esta sesión. Cuando la grabación esté disponible aparecerá aquí. Mientras tanto, consulte cómo{" "}
          <Link to="/sesion-clinico-patologica">registrarse a la próxima sesión</Link> y la <Link to="/ensenanza/offer">oferta académica</Link>.
        </p>
      )}
    </section>
  );
}
