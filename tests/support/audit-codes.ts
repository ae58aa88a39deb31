import path from "node:path";
import ts from "typescript";

/**
 * Every entity and action code that `recordAudit` can write, read from app/ with the TypeScript
 * checker (not a grep: codes pass through wrappers, ternaries, constants and template literals).
 *
 * For each call of `recordAudit`, the `action` and `entity` expressions are evaluated to the
 * strings they can be: literals, both arms of a `?:`, `??`, template literals, constants, and
 * parameters, followed to every call of their function with that call's argument (one call at a
 * time, so `kind.auditAction ?? \`${kind.entity}.x\`` stays precise). What cannot be followed
 * falls back to the checker's type (a union of string literals); what is still only `string`
 * is reported as unresolved, so a new way of passing a code fails the test instead of hiding.
 * The field names of `before` and `after` are collected the same way (from the object literals,
 * or from the checker's type of the value).
 */

export interface AuditCodes {
  actions: Set<string>;
  entities: Set<string>;
  /** Field names seen in before/after, with the entities they were seen with. */
  fields: Map<string, Set<string>>;
  /** Code expressions that could not be reduced to strings (file:line and text). */
  unresolved: string[];
  /** How many recordAudit calls were read. */
  calls: number;
}

const ABSENT = Symbol("absent");
type Value = string | typeof ABSENT;

class NeedBinding {
  constructor(readonly parameter: ts.ParameterDeclaration) {}
}
class Unresolved {
  constructor(readonly node: ts.Node) {}
}

type Env = ReadonlyMap<ts.ParameterDeclaration, ts.Expression | undefined>;

export function collectAuditCodes(root = process.cwd()): AuditCodes {
  const configPath = path.join(root, "tsconfig.json");
  const config = ts.readConfigFile(configPath, (file) => ts.sys.readFile(file));
  const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, root);
  const appDir = path.join(root, "app") + path.sep;
  const program = ts.createProgram({
    rootNames: parsed.fileNames.filter((file) => path.resolve(file).startsWith(appDir)),
    options: { ...parsed.options, noEmit: true },
  });
  const checker = program.getTypeChecker();
  const sources = program.getSourceFiles().filter((file) => path.resolve(file.fileName).startsWith(appDir));

  // Every call, by the declaration it calls (to follow a parameter to its arguments).
  const callsOf = new Map<ts.Node, ts.CallExpression[]>();
  const auditCalls: ts.CallExpression[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node)) {
      const declaration = checker.getResolvedSignature(node)?.declaration;
      if (declaration) {
        const list = callsOf.get(declaration) ?? [];
        list.push(node);
        callsOf.set(declaration, list);
        if (isRecordAudit(declaration)) auditCalls.push(node);
      }
    }
    ts.forEachChild(node, visit);
  };
  for (const source of sources) visit(source);

  function isRecordAudit(declaration: ts.Node): boolean {
    return (
      ts.isFunctionDeclaration(declaration) &&
      declaration.name?.text === "recordAudit" &&
      path.resolve(declaration.getSourceFile().fileName) === path.join(root, "app", "staff", "audit.server.ts")
    );
  }

  const where = (node: ts.Node) => {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(root, file.fileName)}:${line + 1}: ${node.getText().slice(0, 120)}`;
  };

  function unwrap(expression: ts.Expression): ts.Expression {
    let current = expression;
    while (
      ts.isParenthesizedExpression(current) ||
      ts.isAsExpression(current) ||
      ts.isNonNullExpression(current) ||
      ts.isSatisfiesExpression(current) ||
      ts.isTypeAssertionExpression(current)
    ) {
      current = current.expression;
    }
    return current;
  }

  function declarationOf(identifier: ts.Node): ts.Declaration | undefined {
    let symbol = ts.isShorthandPropertyAssignment(identifier)
      ? checker.getShorthandAssignmentValueSymbol(identifier)
      : checker.getSymbolAtLocation(identifier);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    return symbol?.declarations?.[0];
  }

  /** The argument a parameter gets in the current binding (or NeedBinding to enumerate its calls). */
  function argumentOf(parameter: ts.ParameterDeclaration, env: Env): ts.Expression | undefined {
    if (!env.has(parameter)) throw new NeedBinding(parameter);
    return env.get(parameter);
  }

  /** An expression's possible values as objects: the object literals it can be, or null when opaque. */
  function objectsOf(expression: ts.Expression | undefined, env: Env, depth: number): ts.ObjectLiteralExpression[] | null {
    if (depth > 40 || !expression) return null;
    const node = unwrap(expression);
    if (ts.isObjectLiteralExpression(node)) return [node];
    if (ts.isConditionalExpression(node)) {
      const [yes, no] = [objectsOf(node.whenTrue, env, depth + 1), objectsOf(node.whenFalse, env, depth + 1)];
      return yes && no ? [...yes, ...no] : null;
    }
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(node);
      if (!declaration) return null;
      if (ts.isParameter(declaration) && ts.isIdentifier(declaration.name)) return objectsOf(argumentOf(declaration, env), env, depth + 1);
      if (ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) && declaration.initializer) {
        return objectsOf(declaration.initializer, env, depth + 1);
      }
    }
    return null;
  }

  /**
   * The expressions a property can have on an object literal (ABSENT when it is not there, null
   * when unknown); a spread of `cond ? {…} : {…}` gives one per arm.
   */
  function propertyOf(object: ts.ObjectLiteralExpression, name: string, env: Env, depth: number): (ts.Expression | typeof ABSENT | null)[] {
    for (let index = object.properties.length - 1; index >= 0; index -= 1) {
      const property = object.properties[index]!;
      if (ts.isPropertyAssignment(property) && property.name.getText() === name) return [property.initializer];
      if (ts.isShorthandPropertyAssignment(property) && property.name.text === name) return [property.name];
      if (ts.isSpreadAssignment(property)) {
        const inner = objectsOf(property.expression, env, depth + 1);
        if (!inner) {
          if (checker.getTypeAtLocation(property.expression).getProperty(name)) return [null];
          continue;
        }
        const found = inner.flatMap((candidate) => propertyOf(candidate, name, env, depth + 1));
        if (found.some((value) => value !== ABSENT)) return found;
      }
    }
    return [ABSENT];
  }

  /** The property `name` of `object` (an expression), as an expression per possibility. */
  function propertyValues(objectExpression: ts.Expression | undefined, name: string, whole: ts.Node, env: Env, depth: number): Value[] {
    const objects = objectsOf(objectExpression, env, depth + 1);
    if (!objects) return fromType(whole);
    const values: Value[] = [];
    for (const object of objects) {
      for (const property of propertyOf(object, name, env, depth + 1)) {
        if (property === ABSENT) values.push(ABSENT);
        else if (property === null) values.push(...fromType(whole));
        else values.push(...strings(property, env, depth + 1));
      }
    }
    return values;
  }

  function fromType(node: ts.Node): Value[] {
    const type = checker.getTypeAtLocation(node);
    const members = type.isUnion() ? type.types : [type];
    const values: Value[] = [];
    for (const member of members) {
      if (member.isStringLiteral()) values.push(member.value);
      else if (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)) values.push(ABSENT);
      else throw new Unresolved(node);
    }
    return values;
  }

  /** The strings an expression can be (may throw NeedBinding or Unresolved). */
  function strings(expression: ts.Expression | ts.Identifier | undefined, env: Env, depth: number): Value[] {
    if (depth > 40) throw new Unresolved(expression!);
    if (!expression) return [ABSENT];
    const node = unwrap(expression as ts.Expression);
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === "undefined")) return [ABSENT];
    if (ts.isConditionalExpression(node)) return [...strings(node.whenTrue, env, depth + 1), ...strings(node.whenFalse, env, depth + 1)];
    if (
      ts.isBinaryExpression(node) &&
      (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      const left = strings(node.left, env, depth + 1);
      const present = left.filter((value) => value !== ABSENT);
      return left.includes(ABSENT) ? [...present, ...strings(node.right, env, depth + 1)] : present;
    }
    if (ts.isTemplateExpression(node)) {
      let results: string[] = [node.head.text];
      for (const span of node.templateSpans) {
        const parts = strings(span.expression, env, depth + 1).filter((value): value is string => value !== ABSENT);
        results = results.flatMap((prefix) => parts.map((part) => prefix + part + span.literal.text));
      }
      return results;
    }
    if (ts.isIdentifier(node)) {
      const declaration = declarationOf(expression!.parent && ts.isShorthandPropertyAssignment(expression!.parent) ? expression!.parent : node);
      if (declaration && ts.isParameter(declaration) && ts.isIdentifier(declaration.name)) {
        return strings(argumentOf(declaration, env), env, depth + 1);
      }
      if (declaration && ts.isVariableDeclaration(declaration) && ts.isIdentifier(declaration.name) && declaration.initializer) {
        return strings(declaration.initializer, env, depth + 1);
      }
      if (declaration && ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent)) {
        const name = (declaration.propertyName ?? declaration.name).getText();
        const holder = declaration.parent.parent;
        if (ts.isVariableDeclaration(holder)) return propertyValues(holder.initializer, name, node, env, depth + 1);
        if (ts.isParameter(holder)) return propertyValues(argumentOf(holder, env), name, node, env, depth + 1);
      }
      return fromType(node);
    }
    if (ts.isPropertyAccessExpression(node)) return propertyValues(node.expression, node.name.text, node, env, depth + 1);
    return fromType(node);
  }

  /** Evaluates with every binding a parameter can get, one call of its function at a time. */
  function evaluate<T>(run: (env: Env) => T[], env: Env = new Map(), depth = 0): T[] {
    try {
      return run(env);
    } catch (signal) {
      if (!(signal instanceof NeedBinding) || depth > 12) throw signal;
      const fn = signal.parameter.parent as ts.SignatureDeclaration;
      const index = fn.parameters.indexOf(signal.parameter);
      const calls = callsOf.get(fn) ?? [];
      if (calls.length === 0) throw new Unresolved(signal.parameter);
      return calls.flatMap((call) => {
        const argument = call.arguments[index];
        if (argument && ts.isSpreadElement(argument)) throw new Unresolved(call);
        return evaluate(run, new Map(env).set(signal.parameter, argument), depth + 1);
      });
    }
  }

  // Field names: the keys of the object literals a value can be, or of its type.
  function fieldNames(expression: ts.Expression | undefined, env: Env, depth: number): string[] {
    if (!expression || depth > 40) return [];
    const node = unwrap(expression);
    if (ts.isConditionalExpression(node)) return [...fieldNames(node.whenTrue, env, depth + 1), ...fieldNames(node.whenFalse, env, depth + 1)];
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) {
      return [...fieldNames(node.left, env, depth + 1), ...fieldNames(node.right, env, depth + 1)];
    }
    if (ts.isPropertyAccessExpression(node)) {
      const objects = objectsOf(node.expression, env, depth + 1);
      if (objects) {
        return objects.flatMap((object) =>
          propertyOf(object, node.name.text, env, depth + 1).flatMap((property) =>
            property === ABSENT ? [] : property === null ? namesFromType(node) : fieldNames(property, env, depth + 1),
          ),
        );
      }
    }
    const objects = objectsOf(node, env, depth + 1);
    if (objects) {
      return objects.flatMap((object) =>
        object.properties.flatMap((property) => {
          if (ts.isSpreadAssignment(property)) return fieldNames(property.expression, env, depth + 1);
          if (ts.isComputedPropertyName(property.name!)) return [];
          return property.name ? [property.name.getText().replace(/^["']|["']$/g, "")] : [];
        }),
      );
    }
    return namesFromType(node);
  }

  function namesFromType(node: ts.Node): string[] {
    const type = checker.getTypeAtLocation(node);
    const members = type.isUnion() ? type.types : [type];
    return members.flatMap((member) => {
      if (!(member.flags & ts.TypeFlags.Object) || checker.isArrayType(member)) return [];
      return checker.getPropertiesOfType(member).map((property) => property.name);
    });
  }

  const codes: AuditCodes = { actions: new Set(), entities: new Set(), fields: new Map(), unresolved: [], calls: auditCalls.length };
  for (const call of auditCalls) {
    const entry = call.arguments[1];
    const property =
      (name: string) =>
      (env: Env): Value[] => {
        const objects = objectsOf(entry, env, 0);
        if (!objects) throw new Unresolved(entry ?? call);
        return objects.flatMap((object) =>
          propertyOf(object, name, env, 0).flatMap((found): Value[] => {
            if (found === null) throw new Unresolved(object);
            return found === ABSENT ? [ABSENT] : strings(found, env, 0);
          }),
        );
      };
    for (const [name, target] of [
      ["action", codes.actions],
      ["entity", codes.entities],
    ] as const) {
      try {
        for (const value of evaluate(property(name))) if (typeof value === "string") target.add(value);
      } catch (error) {
        if (error instanceof Unresolved) codes.unresolved.push(`${name} in ${where(call)} ← ${where(error.node)}`);
        else if (error instanceof NeedBinding) codes.unresolved.push(`${name} in ${where(call)} ← ${where(error.parameter)}`);
        else throw error;
      }
    }
    // Fields, with the entities of the same binding.
    try {
      evaluate((env) => {
        const objects = objectsOf(entry, env, 0) ?? [];
        const entities = objects.flatMap((object) =>
          propertyOf(object, "entity", env, 0).flatMap((found) =>
            found && found !== ABSENT ? strings(found, env, 0).filter((value): value is string => value !== ABSENT) : [],
          ),
        );
        for (const object of objects) {
          for (const side of ["before", "after"]) {
            for (const found of propertyOf(object, side, env, 0)) {
              if (!found || found === ABSENT) continue;
              for (const field of fieldNames(found, env, 0)) {
                const seen = codes.fields.get(field) ?? new Set<string>();
                for (const entity of entities) seen.add(entity);
                codes.fields.set(field, seen);
              }
            }
          }
        }
        return [];
      });
    } catch (error) {
      if (!(error instanceof Unresolved)) throw error;
    }
  }
  return codes;
}
