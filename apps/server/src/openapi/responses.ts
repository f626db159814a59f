import { readFileSync } from 'node:fs';
import type { JsonSchema, ResponsesFile, RouteAnswer } from './generate-responses.ts';

/**
 * The answers of the routes in the OpenAPI document (docs/decisions.md, "Origin front end"): read from
 * responses.json, which generate-responses.ts writes from the handlers' own return types. Document only: the routes
 * declare no response schema, so Fastify never serialises with them and no field of an answer can be dropped.
 */
const file = JSON.parse(readFileSync(new URL('./responses.json', import.meta.url), 'utf8')) as ResponsesFile;

/** The shared DTOs, as components.schemas of the document. */
export const responseComponents: Record<string, JsonSchema> = file.definitions;

/** The envelope every answer under /api has (spec section 7), around the route's data. */
function envelopeOf(status: number, data: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['statusCode', 'error', 'message', 'data'],
    properties: {
      statusCode: { type: 'integer', enum: [status] },
      error: { type: 'null' },
      message: { type: 'string' },
      data,
    },
  };
}

/** The routes of each method, longest path first: a route's full URL ends with the path it was registered with. */
const byMethod = new Map<string, [string, RouteAnswer][]>();
for (const [key, answer] of Object.entries(file.routes)) {
  const [method, path] = key.split(' ') as [string, string];
  byMethod.set(method, [...(byMethod.get(method) ?? []), [path, answer]]);
}
for (const list of byMethod.values()) list.sort(([a], [b]) => b.length - a.length);

/** What a route registered at `url` (with its prefix) answers, as a path of the code found it. */
export function answerOf(method: string, url: string): RouteAnswer | undefined {
  return byMethod.get(method.toUpperCase())?.find(([path]) => url === path || url.endsWith(path))?.[1];
}

/**
 * The `response` of a route's schema in the document: each success status with its schema (the envelope around the
 * data, a file, or the raw answer of a route that sends its own body).
 */
export function responseDoc(method: string, url: string, raw: boolean): Record<string, JsonSchema> | undefined {
  const answer = answerOf(method, url);
  if (!answer) return undefined;
  const enveloped = url.startsWith('/api') && !raw;
  return Object.fromEntries(
    answer.statuses.map((status) => {
      if (answer.kind === 'redirect') return [status, { description: 'Redirect (the Location header names the page)', type: 'null' }];
      if (answer.kind === 'file') {
        return [status, { description: 'A file', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }];
      }
      const schema = answer.kind === 'json' && enveloped ? envelopeOf(status, answer.schema) : answer.schema;
      return [status, { description: 'Success', ...schema }];
    }),
  );
}
