import { Form } from "@remix-run/react";

/**
 * The row buttons of the banner and gallery lists: up, down, hide or show. Each is a small form
 * posting `id` and `op` to the list's own action, so it works without JavaScript; the hidden
 * text names the row for screen readers ("Subir «Campaña de vacunación»").
 */
export function ArrangeButtons({ id, name, visible, first, last }: { id: number; name: string; visible: boolean; first: boolean; last: boolean }) {
  const button = (op: "subir" | "bajar" | "ocultar" | "mostrar", label: string) => (
    <Form method="post" key={op}>
      <input type="hidden" name="id" value={id} />
      <button type="submit" name="op" value={op} className="button button--secondary">
        {label}
        <span className="visually-hidden"> «{name}»</span>
      </button>
    </Form>
  );
  return (
    <div className="media-row-actions">
      {first ? null : button("subir", "Subir")}
      {last ? null : button("bajar", "Bajar")}
      {visible ? button("ocultar", "Ocultar") : button("mostrar", "Mostrar")}
    </div>
  );
}
