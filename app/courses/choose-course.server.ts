import { z } from "zod";

// The catalogue's "Elegir" form sends only the course id. In a .server module so that zod stays
// out of the catalogue's browser bundle.
const chooseSchema = z.object({ intent: z.literal("choose"), courseId: z.coerce.number().int().positive() });

/** The chosen course id, or null when the form was not the catalogue's. */
export function parseChooseCourse(formData: FormData): number | null {
  const parsed = chooseSchema.safeParse(Object.fromEntries(formData));
  return parsed.success ? parsed.data.courseId : null;
}
