import { expect, test } from "vitest";
import { invoiceSchema } from "~/payments/invoices.server";

const valid = { rfc: "XAXX010101000", legalName: "Hospital de Prueba SA de CV", taxRegime: "601", postcode: "06720", cfdiUse: "G03" };

test("a valid invoice request parses, normalised", () => {
  const parsed = invoiceSchema.safeParse({ ...valid, legalName: "  Cafe\u0301 Pediátrico  " });
  expect(parsed.success).toBe(true);
  // NFC and trimmed: "é" is one code point.
  expect(parsed.data?.legalName).toBe("Café Pediátrico");
});

test.each([
  ["only zero-width spaces", "\u200b\u200b\u200b"],
  ["a NUL byte", "Empresa\u0000SA"],
  ["a right-to-left override", "Empresa \u202eAS"],
  ["a control character", "Empresa\u0007"],
])("a legal name with %s is refused with a Spanish message", (_label, legalName) => {
  const parsed = invoiceSchema.safeParse({ ...valid, legalName });
  expect(parsed.success).toBe(false);
  const message = parsed.error?.issues.find((issue) => issue.path[0] === "legalName")?.message ?? "";
  expect(message).toMatch(/[áéíóúñ]|Escriba|caracteres/);
});
