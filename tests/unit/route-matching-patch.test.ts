import { matchRoutes } from "@remix-run/router";
import { describe, expect, test } from "vitest";

// patches/@remix-run+router (decision 0062): the matches of a path are kept and handed out as
// copies. A caller that changes what it got must not change what the next caller gets.
const routes = [
  {
    id: "root",
    path: "/",
    children: [
      { id: "direction", path: "direccion/:slug" },
      { id: "course", path: "cursos/:courseId/:section?" },
      { id: "splat", path: "*" },
    ],
  },
];

describe("matchRoutes with kept answers", () => {
  test("each call gets its own copy; the matches of one answer share one params object", () => {
    const first = matchRoutes(routes, "/direccion/medica")!;
    expect(first.map((match) => match.route.id)).toEqual(["root", "direction"]);
    expect(first[0]!.params).toBe(first[1]!.params);
    (first[1]!.params as Record<string, string>).slug = "cambiado";
    first.pop();
    const second = matchRoutes(routes, "/direccion/medica")!;
    expect(second.map((match) => match.route.id)).toEqual(["root", "direction"]);
    expect(second[1]!.params).toEqual({ slug: "medica" });
    expect(second).not.toBe(first);
  });

  test("another path, another answer (params, optional segments, the splat, no match)", () => {
    expect(matchRoutes(routes, "/direccion/quirurgica")![1]!.params).toEqual({ slug: "quirurgica" });
    expect(matchRoutes(routes, "/cursos/12")![1]!.params).toEqual({ courseId: "12" });
    expect(matchRoutes(routes, "/cursos/12/asistencia")![1]!.params).toEqual({ courseId: "12", section: "asistencia" });
    expect(matchRoutes(routes, "/otra/cosa")![1]!.params).toEqual({ "*": "otra/cosa" });
    expect(matchRoutes([{ id: "only", path: "/solo" }], "/nada")).toBeNull();
    expect(matchRoutes([{ id: "only", path: "/solo" }], "/nada")).toBeNull();
  });

  test("more than a thousand different paths still match right (the kept answers are bounded)", () => {
    for (let i = 0; i < 2500; i += 1) expect(matchRoutes(routes, `/direccion/d${i}`)![1]!.params).toEqual({ slug: `d${i}` });
    expect(matchRoutes(routes, "/direccion/d7")![1]!.params).toEqual({ slug: "d7" });
  });
});
