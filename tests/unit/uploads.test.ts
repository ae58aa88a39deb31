import { describe, expect, test } from "vitest";
import { safeRedirectPath } from "~/utils/safe-redirect";
import { detectFileType, FILE_MESSAGES } from "~/accounts/documents";
import { checkUpload, MAX_REQUEST_BYTES, parseUploadForm } from "~/accounts/uploads.server";
import { sampleJpeg, samplePdf, samplePng, textFile, twoMegabytePdf } from "../support/sample-files";

function multipart(entries: [string, string | File][]) {
  const form = new FormData();
  for (const [name, value] of entries) form.append(name, value);
  return new Request("http://localhost/register", { method: "POST", body: form });
}

describe("uploads are checked by content", () => {
  test("JPEG, PNG and PDF are recognised by their first bytes", () => {
    expect(detectFileType(samplePng())?.contentType).toBe("image/png");
    expect(detectFileType(sampleJpeg())?.contentType).toBe("image/jpeg");
    expect(detectFileType(samplePdf())?.contentType).toBe("application/pdf");
    expect(detectFileType(textFile())).toBeNull();
  });

  test("a text file renamed .pdf is refused, whatever its name says", () => {
    const check = checkUpload("cedula.pdf", textFile());
    expect(check).toEqual({ ok: false, status: 415, problem: { form: [FILE_MESSAGES.wrongType], fields: {}, code: "wrong-type" } });
  });

  test("a 2 MB file is refused even when it is a real PDF", () => {
    expect(checkUpload("cedula.pdf", twoMegabytePdf())).toEqual({
      ok: false,
      status: 413,
      problem: { form: [FILE_MESSAGES.tooLarge], fields: {}, code: "too-large" },
    });
  });

  test("a PNG named .pdf is stored as what it is, with a cleaned name", () => {
    const check = checkUpload("../../mi credencial.pdf", samplePng());
    expect(check.ok && check.file.contentType).toBe("image/png");
    expect(check.ok && check.file.fileName).toBe("mi credencial.png");
  });

  test("the multipart parser turns refused files into field errors without throwing, and keeps text fields", async () => {
    const request = multipart([
      ["student_name", "Ana Pérez"],
      ["student_license", new File([twoMegabytePdf()], "grande.pdf", { type: "application/pdf" })],
      ["student_license_part_2", new File([textFile()], "texto.pdf", { type: "application/pdf" })],
    ]);
    const parsed = await parseUploadForm(request, ["student_license", "student_license_part_2"]);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.fields.get("student_name")).toBe("Ana Pérez");
    expect(parsed.fields.get("student_license")).toBeNull();
    expect(parsed.files.size).toBe(0);
    expect(parsed.fileErrors).toEqual({ student_license: [FILE_MESSAGES.tooLarge], student_license_part_2: [FILE_MESSAGES.wrongType] });
  });

  test("a valid file is kept with the type found in its content, not the declared one", async () => {
    const request = multipart([["student_license", new File([samplePng()], "foto.jpg", { type: "application/pdf" })]]);
    const parsed = await parseUploadForm(request, ["student_license"]);
    expect(parsed.ok && parsed.files.get("student_license")?.contentType).toBe("image/png");
  });

  test("an empty file input (no file chosen) is simply absent", async () => {
    const request = multipart([["student_license", new File([], "", { type: "application/octet-stream" })]]);
    const parsed = await parseUploadForm(request, ["student_license"]);
    expect(parsed.ok && parsed.files.size).toBe(0);
    expect(parsed.ok && parsed.fileErrors).toEqual({});
  });

  test("a request over the total cap is refused as a whole", async () => {
    const big = Buffer.alloc(MAX_REQUEST_BYTES + 1024, 0x41);
    const request = multipart([
      ["a", new File([big], "a.pdf")],
      ["student_license", new File([samplePdf()], "b.pdf")],
    ]);
    const parsed = await parseUploadForm(request, ["student_license"]);
    expect(parsed).toMatchObject({ ok: false, status: 413, problem: expect.objectContaining({ code: "too-large" }) });
  });
});

describe("safeRedirectPath", () => {
  test("keeps same-site paths and refuses anything that leaves the site", () => {
    expect(safeRedirectPath("/payment?curso=3")).toBe("/payment?curso=3");
    expect(safeRedirectPath("/profile")).toBe("/profile");
    expect(safeRedirectPath("/cursos2025/a/../b#x")).toBe("/cursos2025/b#x");
    const bad = [
      "//evil.example/",
      "https://evil.example/",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
      null,
      "profile",
      // Issue 8: normalises into a protocol-relative URL.
      "/.//evil.example",
      "/./\\evil.example",
      "/%2e//evil.example",
      "/a/..//evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      "/\u202e/x",
      "/\u200b",
      "/" + "a".repeat(3000),
    ];
    for (const value of bad) {
      expect(safeRedirectPath(value, "/profile"), String(value)).toBe("/profile");
    }
  });
});
