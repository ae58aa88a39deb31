import { z } from "zod";
import { strictInteger } from "./text";

/**
 * The list screens' row buttons (banners, gallery images): move a row up or down, hide it, show
 * it again. One small form per button, so they work without JavaScript.
 */
export const ARRANGE_OPS = ["subir", "bajar", "ocultar", "mostrar"] as const;
export type ArrangeOp = (typeof ARRANGE_OPS)[number];

export const arrangeSchema = z.object({
  id: strictInteger({ required: "Falta el elemento que quiere cambiar.", message: "El elemento que quiere cambiar no existe.", maxDigits: 10 }),
  op: z.enum(ARRANGE_OPS, { error: "Elija subir, bajar, ocultar o mostrar." }),
});
export type ArrangeInput = z.output<typeof arrangeSchema>;

/** The ids in their new order after moving `id` one place up or down (unchanged at either end). */
export function reorderIds(ids: readonly number[], id: number, op: "subir" | "bajar"): number[] {
  const order = [...ids];
  const index = order.indexOf(id);
  const target = op === "subir" ? index - 1 : index + 1;
  if (index === -1 || target < 0 || target >= order.length) return order;
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}

/**
 * Moving one row of an ordered list: the order before and after, and the rows whose position
 * must change so positions become 0…n-1 in the new order (older rows may share a position).
 * Null when the row is already at that end.
 */
export function plannedMove(rows: readonly { id: number; position: number }[], id: number, op: "subir" | "bajar") {
  const before = rows.map((row) => row.id);
  const after = reorderIds(before, id, op);
  if (after.every((rowId, index) => rowId === before[index])) return null;
  const changes = after.flatMap((rowId, position) => (rows.find((row) => row.id === rowId)!.position === position ? [] : [{ id: rowId, position }]));
  return { before, after, changes };
}
