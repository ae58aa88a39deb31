import { describe, expect, test } from "vitest";
import { isCommonPassword, passwordProblem } from "~/accounts/password-policy";
import { hashPassword, needsRehash, verifyPassword } from "~/accounts/passwords.server";

describe("password hashing (scrypt)", () => {
  test("stores a versioned scrypt hash with its own salt, never the password", async () => {
    const hash = await hashPassword("Pediatria-2025!");
    expect(hash).toMatch(/^scrypt\$v1\$15\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(hash).not.toContain("Pediatria");
    const again = await hashPassword("Pediatria-2025!");
    expect(again).not.toEqual(hash);
    expect(needsRehash(hash)).toBe(false);
  });

  test("verifies the right password and refuses a wrong one or a malformed hash", async () => {
    const hash = await hashPassword("Pediatria-2025!");
    expect(await verifyPassword("Pediatria-2025!", hash)).toBe(true);
    expect(await verifyPassword("pediatria-2025!", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
    expect(await verifyPassword("Pediatria-2025!", "plain-text")).toBe(false);
    expect(await verifyPassword("Pediatria-2025!", hash.replace("$v1$", "$v9$"))).toBe(false);
  });

  test("treats composed and decomposed accents as the same password", async () => {
    const hash = await hashPassword("contraseñaSegura9");
    expect(await verifyPassword("contrasen\u0303aSegura9", hash)).toBe(true);
  });
});

describe("password policy", () => {
  test("asks for at least 8 characters", () => {
    expect(passwordProblem("Ab3$xyz")).toMatch(/al menos 8 caracteres/);
    expect(passwordProblem("Ab3$xyzW")).toBeNull();
  });

  test("refuses very common passwords, Spanish ones included, in any letter case", () => {
    for (const common of ["12345678", "contraseña", "Contraseña", "hospital1", "PASSWORD", "qwerty123", "aaaaaaaa"]) {
      expect(isCommonPassword(common), common).toBe(true);
      expect(passwordProblem(common), common).toMatch(/muy común/);
    }
    expect(isCommonPassword("Cardiologia-Pediatrica-7")).toBe(false);
  });
});
