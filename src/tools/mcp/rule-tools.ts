import type { FaultRule, SettingsDocument } from '../../control/index.ts'
import { authModes, loginRoles } from '../../wire/index.ts'
import { ToolInputError, type McpTool } from './mcp-tool.ts'
import { objectSchema, type ToolSchemaNode } from './tool-schema.ts'

/** A fault rule as `POST /__mock/faults` takes it (`FaultRuleInput`). */
const ruleSchema: ToolSchemaNode = {
  type: 'object',
  description: 'Requests whose method and path match get a status, a network error or a delay.',
  properties: {
    method: { type: 'string', description: 'PUT, POST, …; any method if left out.' },
    path: {
      type: 'string',
      maxLength: 1024,
      description: 'Path pattern, * for any run of characters, any case (default *).',
    },
    status: { type: 'integer', minimum: 400, maximum: 599, description: 'Answer this status.' },
    fault: { type: 'string', enum: ['network'], description: 'Drop the connection instead.' },
    delay: { type: 'integer', minimum: 0, maximum: 60_000, description: 'Wait this many ms.' },
    probability: { type: 'number', minimum: 0, maximum: 1, description: 'Share of requests hit.' },
    count: { type: 'integer', minimum: 1, description: 'Go away after this many requests.' },
  },
  additionalProperties: false,
}

/** `mock_faults`: set, list or clear fault rules. */
export const faultsTool: McpTool = {
  name: 'mock_faults',
  description:
    'Make requests fail, to test an error path: set a rule (e.g. {"action":"set","rule":' +
    '{"method":"PUT","path":"/RestApi/comments-api/comments","status":503,"count":1}}), list ' +
    'the rules with the uses left, or clear them (all, or one by id).',
  annotations: { readOnlyHint: false, destructiveHint: false },
  inputSchema: objectSchema(
    {
      action: { type: 'string', enum: ['set', 'list', 'clear'] },
      rule: ruleSchema,
      id: { type: 'integer', minimum: 1, description: 'With clear: only this rule.' },
    },
    { required: ['action'] },
  ),
  async run(input, { call }) {
    if (input.action === 'set') {
      if (input.rule === undefined) throw new ToolInputError("action 'set' needs 'rule'")
      const answer = await call({ method: 'POST', path: '/__mock/faults', body: input.rule })
      return { value: answer.data as FaultRule }
    }
    if (input.action === 'clear') {
      const path =
        input.id === undefined ? '/__mock/faults' : `/__mock/faults/${input.id as number}`
      await call({ method: 'DELETE', path })
    }
    return { value: (await call({ method: 'GET', path: '/__mock/faults' })).data }
  },
}

/** `mock_latency`: set, show or clear the latency of every operation. */
export const latencyTool: McpTool = {
  name: 'mock_latency',
  description:
    'Delay every operation, to test loading states: set a fixed ms or a min-max range (drawn per ' +
    'request), list what is set, or clear it.',
  annotations: { readOnlyHint: false, destructiveHint: false },
  inputSchema: objectSchema(
    {
      action: { type: 'string', enum: ['set', 'list', 'clear'] },
      ms: { type: 'integer', minimum: 0, maximum: 60_000 },
      min: { type: 'integer', minimum: 0, maximum: 60_000 },
      max: { type: 'integer', minimum: 0, maximum: 60_000 },
    },
    { required: ['action'] },
  ),
  async run(input, { call }) {
    if (input.action === 'list') {
      const settings = (await call({ method: 'GET', path: '/__mock/settings' }))
        .data as SettingsDocument
      return { value: { latency: settings.latency } }
    }
    const body = input.action === 'clear' ? null : latencyOf(input)
    const settings = (await call({ method: 'PUT', path: '/__mock/latency', body }))
      .data as SettingsDocument
    return { value: { latency: settings.latency } }
  },
}

function latencyOf(input: Readonly<Record<string, unknown>>): object {
  if (input.ms !== undefined) return { ms: input.ms }
  if (input.min !== undefined && input.max !== undefined) return { min: input.min, max: input.max }
  throw new ToolInputError("action 'set' needs 'ms', or 'min' and 'max'")
}

/** `mock_login`: the login wall and who is logged in. */
export const loginTool: McpTool = {
  name: 'mock_login',
  description:
    "The CMS's login wall (the comment and inline-editing services want a back-end user): " +
    'status; login (answers the Cookie and Authorization header a client sends; mode also puts ' +
    "this state's wall up or down, role User is no back-end user); logout (the credential stops " +
    'working: the "session expired" path); wall (set mode only: claims or forms puts it up, off ' +
    'takes it down, logged out).',
  annotations: { readOnlyHint: false, destructiveHint: false },
  inputSchema: objectSchema(
    {
      action: { type: 'string', enum: ['status', 'login', 'logout', 'wall'] },
      mode: { type: 'string', enum: [...authModes] },
      role: { type: 'string', enum: [...loginRoles] },
    },
    { required: ['action'] },
  ),
  async run(input, { call }) {
    const body = {
      ...(input.mode === undefined ? {} : { Mode: input.mode }),
      ...(input.role === undefined ? {} : { Role: input.role }),
    }
    switch (input.action) {
      case 'login':
        return { value: (await call({ method: 'POST', path: '/__mock/login', body })).data }
      case 'logout':
        return { value: (await call({ method: 'DELETE', path: '/__mock/login', body })).data }
      case 'wall':
        if (input.mode === undefined) throw new ToolInputError("action 'wall' needs 'mode'")
        return { value: (await call({ method: 'DELETE', path: '/__mock/login', body })).data }
      default:
        return { value: (await call({ method: 'GET', path: '/__mock/login' })).data }
    }
  },
}
