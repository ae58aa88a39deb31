import { readConfig, resolvePaymentMode } from "~/config.server";

/**
 * The simulator's stand-in for Banorte's checkoutV2.js: the same global `Payment` with
 * `setEnv` and `startPayment({ Params, onSuccess, onError, onCancel, onClosed })`. It opens an
 * accessible <dialog> with the test cards, sends Params and the chosen card to the simulated bank
 * (/simulador-banorte/pago), and hands its answer to the page's callbacks, as Banorte's does.
 * Served as an external same-origin script: no inline code, so the CSP stays strict.
 */
const SCRIPT = String.raw`(function () {
  "use strict";
  var CARDS = [
    { number: "4111111111111111", label: "4111 1111 1111 1111", hint: "aprobada" },
    { number: "4000000000000002", label: "4000 0000 0000 0002", hint: "declinada" },
    { number: "4000000000000119", label: "4000 0000 0000 0119", hint: "sin respuesta del banco" }
  ];
  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    if (attrs) Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text) node.textContent = text;
    return node;
  }
  window.Payment = {
    env: "pro",
    setEnv: function (env) { this.env = env; },
    startPayment: function (options) {
      var done = false;
      var opener = document.activeElement;
      var dialog = el("dialog", { "class": "sim-lightbox", "aria-labelledby": "sim-lightbox-title", "aria-describedby": "sim-lightbox-note" });
      dialog.appendChild(el("h2", { id: "sim-lightbox-title", "class": "sim-lightbox__title" }, "Simulador de pago Banorte"));
      dialog.appendChild(el("p", { id: "sim-lightbox-note", "class": "sim-lightbox__note" }, "Modo de prueba: elija una tarjeta de prueba. No se cobra ningún cargo."));
      var status = el("p", { "class": "sim-lightbox__status", role: "status" });
      var list = el("ul", { "class": "sim-lightbox__cards" });
      function finish(callback, value) {
        if (done) return;
        done = true;
        dialog.close();
        dialog.remove();
        if (opener && opener.focus) opener.focus();
        if (typeof callback === "function") callback(value);
      }
      CARDS.forEach(function (card) {
        var item = el("li");
        var button = el("button", { type: "button", "class": "button sim-lightbox__card" }, "Pagar con " + card.label + " (" + card.hint + ")");
        button.addEventListener("click", function () {
          Array.prototype.forEach.call(dialog.querySelectorAll("button"), function (b) { b.disabled = true; });
          status.textContent = "Procesando el pago…";
          fetch("/simulador-banorte/pago", {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ Params: options.Params, card: card.number })
          })
            .then(function (r) { return r.json(); })
            .then(function (answer) {
              if (answer && answer.ok) finish(options.onSuccess, answer.response);
              else finish(options.onError, answer && answer.error ? answer.error : { message: "Error" });
            })
            .catch(function () { finish(options.onError, { message: "Error de comunicación" }); });
        });
        item.appendChild(button);
        list.appendChild(item);
      });
      var cancel = el("button", { type: "button", "class": "button button--secondary sim-lightbox__cancel" }, "Cancelar pago");
      cancel.addEventListener("click", function () { finish(options.onCancel, { message: "Operación cancelada" }); });
      // Escape closes the dialog: Banorte reports a lightbox closed without paying as onClosed.
      dialog.addEventListener("cancel", function (event) { event.preventDefault(); finish(options.onClosed, { message: "Ventana cerrada" }); });
      dialog.appendChild(list);
      dialog.appendChild(status);
      dialog.appendChild(cancel);
      document.body.appendChild(dialog);
      dialog.showModal();
    }
  };
})();
`;

export async function loader() {
  if (resolvePaymentMode(readConfig()).provider !== "simulator") throw new Response("No encontrado", { status: 404 });
  return new Response(SCRIPT, {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
