/**
 * Generates src/openapi/responses.json: the answer of every route, read from the code itself. It opens the server
 * with the TypeScript compiler, finds every route registration (`x.get('/path', options, handler)`, and post, put,
 * patch, delete), takes the type its handler returns (awaited) and writes it as JSON Schema, shared DTOs as named
 * definitions. The OpenAPI document reads the file (openapi/responses.ts): the schemas describe the answers, they
 * never serialise them (Fastify would drop every field a schema forgot). Run after changing what a route answers:
 *
 *   npm run openapi:responses -w @nhasach/server
 *
 * and openapi/openapi.test.ts fails while the file is out of date.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export type JsonSchema = Record<string, unknown>;

export interface RouteAnswer {
  /** The statuses of a success the handler answers with (201 when it creates, 202 when it starts work). */
  statuses: number[];
  /**
   * json: data to envelope; enveloped: the handler builds the envelope itself; file: bytes (exports, templates);
   * redirect: the browser is sent elsewhere (a form post before JavaScript).
   */
  kind: 'json' | 'enveloped' | 'file' | 'redirect';
  schema: JsonSchema;
}

export interface ResponsesFile {
  definitions: Record<string, JsonSchema>;
  routes: Record<string, RouteAnswer>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const here = path.dirname(fileURLToPath(import.meta.url));
export const SERVER_DIR = path.resolve(here, '../..');
export const RESPONSES_FILE = path.join(here, 'responses.json');

/** JSON Schema of TypeScript types, named interfaces and aliases as definitions. */
function schemaWriter(checker: ts.TypeChecker) {
  const definitions: Record<string, JsonSchema> = {};
  const names = new Map<ts.Type, string>();
  const used = new Set<string>();

  const nameOf = (type: ts.Type): string | undefined => {
    if (type.aliasSymbol && !type.aliasTypeArguments?.length) return type.aliasSymbol.getName();
    const symbol = type.getSymbol();
    if (!symbol || (type as ts.TypeReference).typeArguments?.length) return undefined;
    if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.Enum)) return symbol.getName();
    return undefined;
  };

  const literal = (t: ts.Type): string | number | boolean | undefined => {
    if (t.isStringLiteral() || t.isNumberLiteral()) return t.value;
    if (t.flags & ts.TypeFlags.BooleanLiteral) return checker.typeToString(t) === 'true';
    return undefined;
  };

  const write = (type: ts.Type, depth: number): JsonSchema => {
    if (depth > 24) return {};
    const f = type.flags;
    if (f & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (f & ts.TypeFlags.Null) return { type: 'null' };
    if (f & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)) return { type: 'null' };
    if (f & ts.TypeFlags.Never) return { not: {} };
    const named = nameOf(type);
    if (named && !['Date', 'Buffer'].includes(named) && (type.isUnion() || f & ts.TypeFlags.Object)) {
      let name = names.get(type);
      if (!name) {
        name = named;
        for (let i = 2; used.has(name); i++) name = `${named}${i}`;
        used.add(name);
        names.set(type, name);
        definitions[name] = {};
        definitions[name] = body(type, depth);
      }
      return { $ref: `#/components/schemas/${name}` };
    }
    return body(type, depth);
  };

  const body = (type: ts.Type, depth: number): JsonSchema => {
    const f = type.flags;
    if (f & ts.TypeFlags.StringLike && !type.isStringLiteral()) return { type: 'string' };
    if (f & ts.TypeFlags.NumberLike && !type.isNumberLiteral()) return { type: 'number' };
    if (f & ts.TypeFlags.BigIntLike) return { type: 'string' };
    if (f & ts.TypeFlags.Boolean) return { type: 'boolean' };
    const value = literal(type);
    if (value !== undefined) return { type: typeof value === 'string' ? 'string' : typeof value === 'number' ? 'number' : 'boolean', enum: [value] };
    if (type.isUnion()) {
      const members = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
      const values = members.map(literal);
      const hasTrue = values.includes(true);
      const hasFalse = values.includes(false);
      const rest = members.filter((_, i) => values[i] === undefined || ((values[i] === true || values[i] === false) && hasTrue && hasFalse));
      const out: JsonSchema[] = [];
      const strings = values.filter((v): v is string => typeof v === 'string');
      const numbers = values.filter((v): v is number => typeof v === 'number');
      if (strings.length) out.push({ type: 'string', enum: strings });
      if (numbers.length) out.push({ type: 'number', enum: numbers });
      if (hasTrue && hasFalse) out.push({ type: 'boolean' });
      else if (hasTrue || hasFalse) out.push({ type: 'boolean', enum: [hasTrue] });
      for (const t of rest) if (!(t.flags & ts.TypeFlags.BooleanLiteral)) out.push(write(t, depth + 1));
      const unique = [...new Map(out.map((s) => [JSON.stringify(s), s])).values()];
      return unique.length === 1 ? unique[0]! : { anyOf: unique };
    }
    const symbolName = type.getSymbol()?.getName();
    if (symbolName === 'Date') return { type: 'string', format: 'date-time' };
    if (symbolName === 'Buffer' || symbolName === 'Uint8Array') return { type: 'string', format: 'binary' };
    if (checker.isTupleType(type)) {
      const items = checker.getTypeArguments(type as ts.TypeReference).map((t) => write(t, depth + 1));
      return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
    }
    if (checker.isArrayType(type)) {
      const [item] = checker.getTypeArguments(type as ts.TypeReference);
      return { type: 'array', items: item ? write(item, depth + 1) : {} };
    }
    if (type.isIntersection() || f & ts.TypeFlags.Object) {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const prop of checker.getPropertiesOfType(type)) {
        const declaration = prop.valueDeclaration ?? prop.declarations?.[0];
        const propType = declaration ? checker.getTypeOfSymbolAtLocation(prop, declaration) : checker.getTypeOfSymbol(prop);
        if (propType.getCallSignatures().length && !checker.getPropertiesOfType(propType).length) continue;
        properties[prop.getName()] = write(propType, depth + 1);
        const optional = prop.flags & ts.SymbolFlags.Optional || (propType.isUnion() && propType.types.some((t) => t.flags & ts.TypeFlags.Undefined));
        if (!optional) required.push(prop.getName());
      }
      const index = checker.getIndexInfosOfType(type)[0];
      return {
        type: 'object',
        properties,
        ...(required.length ? { required } : {}),
        ...(index ? { additionalProperties: write(index.type, depth + 1) } : {}),
      };
    }
    return {};
  };

  return { write, definitions };
}

/** The 2xx statuses a handler sets (`reply.status(201)`, `envelope(202, ...)`, `created ? 201 : 200`); 200 when none. */
function successStatuses(handlerText: string): number[] {
  const found = new Set<number>();
  for (const m of handlerText.matchAll(/(?:status|code|envelope)\((20\d)\b|\? (20\d) : (20\d)\b/g)) for (const v of m.slice(1)) if (v) found.add(Number(v));
  return found.size ? [...found].sort() : [200];
}

const isReply = (t: ts.Type) => ['FastifyReply'].includes(t.aliasSymbol?.getName() ?? t.getSymbol()?.getName() ?? '');

/** Reads the routes of the server and what they answer. */
export function generateResponses(): ResponsesFile {
  const configPath = path.join(SERVER_DIR, 'tsconfig.json');
  const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} })!;
  const program = ts.createProgram({ rootNames: config.fileNames.filter((f) => f.includes(`${path.sep}src${path.sep}`) && !/\.test\.ts$/.test(f)), options: config.options });
  const checker = program.getTypeChecker();
  const writer = schemaWriter(checker);
  const routes: Record<string, RouteAnswer> = {};
  const srcDir = path.join(SERVER_DIR, 'src');
  /** The path of a registration: a literal, or a template whose parts are string literal types (one path each). */
  const pathsOf = (node: ts.Expression): string[] => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
    if (!ts.isTemplateExpression(node)) {
      // A constant (export const CART_FORM_PATH = '/gio-hang/them'), or a union of literals.
      const t = checker.getTypeAtLocation(node);
      const values = (t.isUnion() ? t.types : [t]).map((m) => (m.isStringLiteral() ? m.value : undefined));
      return values.every((v) => v !== undefined) ? (values as string[]) : [];
    }
    let out = [node.head.text];
    for (const span of node.templateSpans) {
      const t = checker.getTypeAtLocation(span.expression);
      const values = (t.isUnion() ? t.types : [t]).map((m) => (m.isStringLiteral() ? m.value : undefined));
      if (values.some((v) => v === undefined)) return [];
      out = out.flatMap((prefix) => values.map((v) => `${prefix}${v}${span.literal.text}`));
    }
    return out;
  };

  for (const file of program.getSourceFiles()) {
    if (!file.fileName.startsWith(srcDir) || file.fileName.endsWith('.test.ts') || file.fileName.includes(`${path.sep}openapi${path.sep}`)) continue;
    const visit = (node: ts.Node) => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && METHODS.has(node.expression.name.text) && node.arguments.length >= 2) {
        const [first] = node.arguments;
        const handler = node.arguments[node.arguments.length - 1]!;
        const paths = first ? pathsOf(first) : [];
        if (paths.length && paths.every((p) => p.startsWith('/')) && (ts.isArrowFunction(handler) || ts.isFunctionExpression(handler))) {
          const signature = checker.getSignatureFromDeclaration(handler);
          for (const routePath of signature ? paths : []) {
            const returned = checker.getAwaitedType(signature!.getReturnType()) ?? signature!.getReturnType();
            const members = (returned.isUnion() ? returned.types : [returned]).filter((t) => !isReply(t) && !(t.flags & ts.TypeFlags.Never));
            const key = `${node.expression.name.text.toUpperCase()} ${routePath}`;
            const status = successStatuses(handler.getText());
            let answer: RouteAnswer;
            const text = handler.getText();
            const redirect = [...text.matchAll(/\.redirect\([^)]*?\b(30\d)\)/g)].map((m) => Number(m[1]));
            if (!members.length && /\.redirect\(/.test(text) && !/\.send\(/.test(text)) {
              answer = { statuses: redirect.length ? [...new Set(redirect)].sort() : [302], kind: 'redirect', schema: { type: 'null' } };
            } else if (!members.length) answer = { statuses: status, kind: 'file', schema: { type: 'string', format: 'binary' } };
            else {
              const data = members.length === 1 ? members[0]! : returned;
              const props = new Set(checker.getPropertiesOfType(data).map((p) => p.getName()));
              const enveloped = ['statusCode', 'error', 'message', 'data'].every((p) => props.has(p));
              const schema = writer.write(data, 0);
              answer = { statuses: status, kind: enveloped ? 'enveloped' : 'json', schema };
            }
            const known = routes[key];
            if (known && JSON.stringify(known) !== JSON.stringify(answer)) throw new Error(`${key} is registered twice with different answers`);
            routes[key] = answer;
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  const sorted = <T>(o: Record<string, T>) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  return { definitions: sorted(writer.definitions), routes: sorted(routes) };
}

export const serialise = (file: ResponsesFile): string => `${JSON.stringify(file, null, 1)}\n`;

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const next = serialise(generateResponses());
  let previous = '';
  try {
    previous = readFileSync(RESPONSES_FILE, 'utf8');
  } catch {
    // first run
  }
  if (previous !== next) writeFileSync(RESPONSES_FILE, next);
  const routes = Object.keys(JSON.parse(next).routes as object).length;
  console.log(`${path.relative(process.cwd(), RESPONSES_FILE)}: ${routes} routes${previous === next ? ' (unchanged)' : ''}`);
}
