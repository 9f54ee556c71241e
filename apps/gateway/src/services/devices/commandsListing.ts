import { type CommandDescription, DEVICE_COMMAND_NAMES, DEVICE_COMMANDS } from '@st/protocol';
import { z } from 'zod';

const JsonSchemaNode = z.looseObject({
  type: z.union([z.string(), z.array(z.string())]).optional(),
  anyOf: z.array(z.looseObject({ type: z.union([z.string(), z.array(z.string())]).optional() })).optional(),
  properties: z.record(z.string(), z.unknown()).optional(),
  required: z.array(z.string()).optional(),
});

function typeName(node: unknown): string {
  const parsed = JsonSchemaNode.safeParse(node);
  if (!parsed.success) return 'unknown';
  const { type, anyOf } = parsed.data;
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.join('|');
  if (anyOf) return [...new Set(anyOf.map((n) => typeName(n)))].join('|');
  return 'unknown';
}

/** The params of one command as the console lists them: name, JSON type and whether it is required. */
function describe(name: string, schema: z.ZodType): CommandDescription {
  const json = JsonSchemaNode.safeParse(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }));
  if (!json.success) return { name, params: [] };
  const objectNode = json.data.properties
    ? json.data
    : JsonSchemaNode.safeParse(json.data.anyOf?.find((n) => n.type === 'object')).data;
  const required = new Set(objectNode?.required ?? []);
  const params = Object.entries(objectNode?.properties ?? {}).map(([param, node]) => ({
    name: param,
    type: typeName(node),
    required: required.has(param),
  }));
  return { name, params };
}

/** Every device command with its params (computed once; the table is fixed). */
export function listDeviceCommands(): CommandDescription[] {
  return DEVICE_COMMAND_NAMES.map((name) => describe(name, DEVICE_COMMANDS[name].params));
}
