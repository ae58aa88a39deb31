import { verificationTokenFromScan } from "~/completion/attendance";

/**
 * The attendance page's QR scan (issue 25, decision 0050). The server renders the scanner hidden;
 * where the browser has BarcodeDetector (with QR codes) and a camera, this shows «Escanear código
 * QR». The camera's frames are read a few times a second; the first QR code that holds an access
 * PDF's /verificar/<token> address is put in the scanner's form, which is posted like the control
 * number's: the server checks the person in and renders the answer. Anything else keeps scanning.
 * Without the API (or without JavaScript) the control number and the name search do the same.
 */
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?: () => Promise<string[]>;
}

const SCAN_EVERY_MS = 250;

export async function enhanceAttendanceScanner(doc: Document): Promise<void> {
  const scanner = doc.querySelector<HTMLElement>("[data-qr-scanner]");
  if (!scanner) return;
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector || !navigator.mediaDevices?.getUserMedia) return;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ["qr_code"];
    if (!formats.includes("qr_code")) return;
  } catch {
    return;
  }
  const start = scanner.querySelector<HTMLButtonElement>("[data-qr-start]");
  const stop = scanner.querySelector<HTMLButtonElement>("[data-qr-stop]");
  const video = scanner.querySelector<HTMLVideoElement>("[data-qr-video]");
  const status = scanner.querySelector<HTMLElement>("[data-qr-status]");
  const form = scanner.querySelector<HTMLFormElement>("[data-qr-form]");
  const code = scanner.querySelector<HTMLInputElement>("[data-qr-code]");
  if (!start || !stop || !video || !status || !form || !code) return;
  scanner.hidden = false;
  const detector = new Detector({ formats: ["qr_code"] });
  let stream: MediaStream | null = null;
  let timer: number | undefined;

  const say = (text: string) => {
    status.textContent = text;
  };
  const end = () => {
    window.clearTimeout(timer);
    stream?.getTracks().forEach((track) => track.stop());
    stream = null;
    video.srcObject = null;
    video.hidden = true;
    stop.hidden = true;
    start.hidden = false;
  };
  const scan = async () => {
    if (!stream) return;
    try {
      for (const barcode of await detector.detect(video)) {
        const token = verificationTokenFromScan(barcode.rawValue);
        if (token) {
          code.value = token;
          say("Código leído. Registrando…");
          end();
          form.submit();
          return;
        }
        say("Ese código QR no es el de un documento de acceso. Acerque el del documento de acceso.");
      }
    } catch {
      // A frame that could not be read: try the next one.
    }
    timer = window.setTimeout(() => void scan(), SCAN_EVERY_MS);
  };

  start.addEventListener("click", async () => {
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false });
    } catch {
      say("No pudimos usar la cámara. Permita el acceso a la cámara o escriba el número de control.");
      return;
    }
    video.srcObject = stream;
    video.hidden = false;
    start.hidden = true;
    stop.hidden = false;
    await video.play().catch(() => undefined);
    say("Apunte la cámara al código QR del documento de acceso.");
    void scan();
  });
  stop.addEventListener("click", () => {
    end();
    say("Cámara detenida.");
    start.focus();
  });
  window.addEventListener("pagehide", end);
}
