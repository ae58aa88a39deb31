/**
 * The card step of /payment and /donacion on pages that do not hydrate (decision 0039). The
 * bank's lightbox needs JavaScript, so everything about it happens only when this script runs:
 *
 * - `form[data-card-form]` gets the hidden `js=1` that tells the server this browser can open the
 *   lightbox (without it the server creates nothing), loses `hidden`, and, when it names a
 *   `data-card-button`, gets that submit button (the server HTML has none: a browser without
 *   JavaScript must not be offered a payment it cannot make);
 * - `[data-card-noscript]` (the "needs JavaScript" notes) are removed;
 * - `[data-card-checkout]` carries what the SERVER put in the page for a started payment: the
 *   encrypted Params, the control number, the relay token, the result page's address and the
 *   provider's script addresses. Its `[data-card-open]` button loads those scripts, opens the
 *   lightbox with exactly that Params and relays each callback's argument, untouched, to
 *   /payment/relay; then the result page shows the server's verdict. The browser computes
 *   nothing: no amount, no reference.
 */

interface BankPayment {
  setEnv(env: string): void;
  startPayment(options: {
    Params: string;
    onSuccess: (response: unknown) => void;
    onError: (response: unknown) => void;
    onCancel: (response: unknown) => void;
    onClosed: (response: unknown) => void;
  }): void;
}

/** What the server handed the page for one started payment. */
interface StartedPayment {
  params: string;
  controlNumber: string;
  relayToken: string;
  resultPath: string;
  scriptUrls: string[];
}

type RelayKind = "success" | "error" | "cancel" | "closed";

const LOAD_PROBLEM = "No se pudo abrir la ventana de pago. Revise su conexión o use una de las formas de pago sin tarjeta.";
const OPEN_PROBLEM = "No se pudo abrir la ventana de pago.";

const loading = new Map<string, Promise<void>>();

/** Each provider script once per page, in order (Banorte's checkoutV2.js needs its jQuery first). */
function loadScript(doc: Document, src: string): Promise<void> {
  let promise = loading.get(src);
  if (!promise) {
    promise = new Promise<void>((resolve, reject) => {
      const script = doc.createElement("script");
      script.src = src;
      script.dataset.paymentSrc = src;
      script.onload = () => resolve();
      script.onerror = () => {
        loading.delete(src);
        script.remove();
        reject(new Error(`No se pudo cargar ${src}`));
      };
      doc.head.append(script);
    });
    loading.set(src, promise);
  }
  return promise;
}

function readStartedPayment(element: HTMLElement): StartedPayment | null {
  const { params, controlNumber, relayToken, resultPath, scriptUrls } = element.dataset;
  if (!params || !controlNumber || !relayToken || !resultPath || !scriptUrls) return null;
  let urls: unknown;
  try {
    urls = JSON.parse(scriptUrls);
  } catch {
    return null;
  }
  if (!Array.isArray(urls) || !urls.every((url): url is string => typeof url === "string")) return null;
  return { params, controlNumber, relayToken, resultPath, scriptUrls: urls };
}

function enhanceCheckout(doc: Document, element: HTMLElement) {
  const started = readStartedPayment(element);
  const button = element.querySelector<HTMLButtonElement>("[data-card-open]");
  const problemRegion = element.querySelector<HTMLElement>("[data-card-problem]");
  if (!started || !button) return;
  let finished = false;

  const showProblem = (message: string | null) => {
    if (!problemRegion) return;
    if (!message) return problemRegion.replaceChildren();
    const paragraph = doc.createElement("p");
    paragraph.className = "payment__problem";
    paragraph.textContent = message;
    problemRegion.replaceChildren(paragraph);
  };

  // Each callback's argument goes to our server untouched; the server decides the outcome. The
  // first callback leads to the result page; later ones are still relayed (keepalive: a page
  // load does not cut them off).
  const relay = (kind: RelayKind) => async (response: unknown) => {
    await fetch("/payment/relay", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ kind, controlNumber: started.controlNumber, token: started.relayToken, response: response ?? null }),
      keepalive: true,
    }).catch(() => null);
    if (finished) return;
    finished = true;
    window.location.assign(started.resultPath);
  };

  async function open() {
    showProblem(null);
    finished = false;
    try {
      for (const src of started!.scriptUrls) await loadScript(doc, src);
    } catch {
      return showProblem(LOAD_PROBLEM);
    }
    const bank = (window as unknown as { Payment?: BankPayment }).Payment;
    if (!bank) return showProblem(OPEN_PROBLEM);
    bank.setEnv("pro");
    bank.startPayment({
      Params: started!.params,
      onSuccess: relay("success"),
      onError: relay("error"),
      onCancel: relay("cancel"),
      onClosed: relay("closed"),
    });
  }

  button.addEventListener("click", () => void open());
  button.hidden = false;
}

function enhanceCardForm(doc: Document, form: HTMLFormElement) {
  if (!form.querySelector("input[name='js']")) {
    const signal = doc.createElement("input");
    signal.type = "hidden";
    signal.name = "js";
    signal.value = "1";
    form.prepend(signal);
  }
  const label = form.dataset.cardButton;
  if (label && !form.querySelector("button[type='submit']")) {
    const submit = doc.createElement("button");
    submit.type = "submit";
    submit.className = "button";
    submit.textContent = label;
    form.append(submit);
  }
  form.hidden = false;
}

export function enhanceCardCheckout(doc: Document) {
  doc.querySelectorAll<HTMLFormElement>("form[data-card-form]").forEach((form) => enhanceCardForm(doc, form));
  doc.querySelectorAll<HTMLElement>("[data-card-noscript]").forEach((note) => note.remove());
  doc.querySelectorAll<HTMLElement>("[data-card-checkout]").forEach((element) => enhanceCheckout(doc, element));
}
