import fastJson from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type Serializer = (data: unknown) => string;
type JsonSchema = Parameters<typeof fastJson>[0];
type SerializerCompiler = (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => Serializer;

type SchemaNode = Record<string, unknown>;
const SCALARS = new Set(['string', 'integer', 'number', 'boolean']);

/**
 * A nullable scalar (`{anyOf: [{type: 'integer', …}, {type: 'null'}]}`, as zod writes an
 * `.int().nullable()`) as one node, `{type: ['integer', 'null'], …}`. fast-json-stringify
 * serialises an `anyOf` by asking ajv which branch matches, on every call, and compiles each
 * branch's validator on first use: 20–30 ms on a process's first answer of each such route, in
 * the middle of whatever crowd is waiting (decision 0031). A list of types it writes itself.
 */
function collapseNullableScalar(node: SchemaNode): void {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return;
  const [value, none] = branches as SchemaNode[];
  if (none?.type !== 'null' || Object.keys(none).length !== 1 || typeof value?.type !== 'string' || !SCALARS.has(value.type)) return;
  delete node.anyOf;
  Object.assign(node, value, { type: [value.type, 'null'] }, Array.isArray(value.enum) ? { enum: [...value.enum, null] } : {});
}

/**
 * The JSON Schema of what a route answers: the output side of its zod schema, with Dates as
 * ISO strings, nullable scalars as a list of types, and what JSON Schema cannot express
 * (transforms, custom checks) left open.
 */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, {
    target: 'draft-7',
    io: 'output',
    unrepresentable: 'any',
    reused: 'inline',
    cycles: 'ref',
    override: (ctx) => {
      const type = ctx.zodSchema._zod.def.type;
      if (type === 'date') Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
      if (type === 'nullable') collapseNullableScalar(ctx.jsonSchema as SchemaNode);
    },
  }) as unknown as JsonSchema;
}

/**
 * Fastify's serializer compiler for the zod response schemas every route declares: each
 * schema becomes JSON Schema (responseJsonSchema) compiled by fast-json-stringify, the
 * serializer Fastify itself uses for JSON Schema routes — faster than JSON.stringify, and only
 * the declared fields leave the server. With `validate` (development and tests) every answer is
 * also parsed with its zod schema first; a mismatch is a ResponseSerializationError (500). The
 * bytes are the same either way: what is serialised is the handler's value.
 */
export function zodResponseSerializer({ validate }: { validate: boolean }): SerializerCompiler {
  return ({ schema, method, url }) => {
    const zodSchema = schema as z.ZodType;
    const stringify = fastJson(responseJsonSchema(zodSchema)) as Serializer;
    if (!validate) return stringify;
    return (data) => {
      const result = zodSchema.safeParse(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(data);
    };
  };
}
