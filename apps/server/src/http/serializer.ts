import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Response serialiser: each route's zod response schema becomes a JSON Schema once, compiled by
 * fast-json-stringify. Like the schema itself it writes only the declared fields (nothing extra can
 * leak), and it is several times faster than checking every answer with zod before JSON.stringify.
 */
export const serializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any' });
  const stringify = fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
  return (data: unknown) => stringify(data);
};
