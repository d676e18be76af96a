import { stateCollections, type ScenariosDocument } from '../../control/index.ts'
import { ControlError } from './control-client.ts'
import { needed, type McpTool } from './mcp-tool.ts'
import { fixturesSchema, objectSchema } from './tool-schema.ts'

const collectionNames = stateCollections.map((collection) => collection.name)

/** `mock_state`: a page of the entities, one kind's, or one entity. */
export const stateTool: McpTool = {
  name: 'mock_state',
  description:
    'Read what the mock holds, in its JSON wire form: without input, the first entities of each ' +
    `collection (${collectionNames.join(', ')}) and every collection's count; with kind, that ` +
    'collection only (page with offset and limit); with kind and key, one entity (Comments by ' +
    'Key, ABTests and Pages by Id, Containers by PageId, Services by Route).',
  annotations: { readOnlyHint: true },
  inputSchema: objectSchema({
    kind: { type: 'string', enum: collectionNames, description: 'One collection.' },
    key: { type: 'string', minLength: 1, description: "One entity's key; needs kind." },
    offset: { type: 'integer', minimum: 0, description: 'Skip this many of each collection.' },
    limit: {
      type: 'integer',
      minimum: 0,
      maximum: 10_000,
      default: 10,
      description: 'At most this many of each collection (default 10).',
    },
  }),
  async run(input, { call }) {
    const kind = input.kind as string | undefined
    const key = input.key as string | undefined
    if (key !== undefined) {
      const path = `/__mock/state/${needed(input, 'kind', 'key')}/${encodeURIComponent(key)}`
      return { value: (await call({ method: 'GET', path })).data }
    }
    const query = {
      kind,
      offset: input.offset as number | undefined,
      limit: (input.limit as number | undefined) ?? 10,
    }
    return { value: (await call({ method: 'GET', path: '/__mock/state', query })).data }
  },
}

/** `mock_fixtures`: `POST /__mock/fixtures`. */
export const fixturesTool: McpTool = {
  name: 'mock_fixtures',
  description:
    'Store partial entities for a case, as POST /__mock/fixtures: give only the fields the case ' +
    'needs and the key; the rest is filled from the seed (the same key always gets the same ' +
    'filling). An entity whose key is stored already is replaced. Answers the completed ' +
    'entities. Field names are exact (PascalCase, as the wire writes them); a Comment Status ' +
    'is one of Published, WaitingForApproval, Spam, Hidden. Example: ' +
    '{"Comments":[{"Key":"spam-1","Status":"Spam","Message":"Buy now"}]}',
  annotations: { readOnlyHint: false, destructiveHint: true },
  inputSchema: fixturesSchema(),
  async run(input, { call }) {
    return { value: (await call({ method: 'POST', path: '/__mock/fixtures', body: input })).data }
  },
}

/** `mock_scenario`: list the scenarios, or switch to one. */
export const scenarioTool: McpTool = {
  name: 'mock_scenario',
  description:
    "List the scenarios (named states: default, empty, large, edge-cases and the mock's own) " +
    'and the current one, or switch to one: its data, latency and fault rules replace this ' +
    "state's.",
  annotations: { readOnlyHint: false, destructiveHint: true },
  inputSchema: objectSchema(
    {
      action: { type: 'string', enum: ['list', 'switch'] },
      name: { type: 'string', minLength: 1, description: 'The scenario to switch to.' },
    },
    { required: ['action'] },
  ),
  async run(input, { call }) {
    if (input.action === 'list') {
      return { value: (await call({ method: 'GET', path: '/__mock/scenarios' })).data }
    }
    const name = needed(input, 'name', 'switch')
    try {
      await call({ method: 'PUT', path: `/__mock/scenarios/${encodeURIComponent(name)}` })
    } catch (error) {
      // The refusal names the scenario; the agent also needs the ones there are.
      const list = (await call({ method: 'GET', path: '/__mock/scenarios' }))
        .data as ScenariosDocument
      const names = list.scenarios.map((scenario) => scenario.name).join(', ')
      throw new ControlError(`${(error as Error).message} (the scenarios are ${names})`, {
        cause: error,
      })
    }
    return { value: { current: name } }
  },
}

/** `mock_reset`: back to the current scenario's start. */
export const resetTool: McpTool = {
  name: 'mock_reset',
  description:
    "Put the state back to the current scenario's start (fixtures stored since are gone; " +
    'latency and fault rules stay). With seed, reseed: other generated data.',
  annotations: { readOnlyHint: false, destructiveHint: true },
  inputSchema: objectSchema({
    seed: { type: 'integer', minimum: 0, maximum: 2 ** 31 - 1 },
  }),
  async run(input, { call }) {
    const query = { seed: input.seed as number | undefined }
    return { value: (await call({ method: 'POST', path: '/__mock/reset', query })).data }
  },
}

/** `mock_snapshot`: save, list, restore or delete named snapshots. */
export const snapshotTool: McpTool = {
  name: 'mock_snapshot',
  description:
    'Save the state under a name, list the saved names, restore one (the state becomes what it ' +
    'was when saved), or delete one.',
  annotations: { readOnlyHint: false, destructiveHint: true },
  inputSchema: objectSchema(
    {
      action: { type: 'string', enum: ['save', 'list', 'restore', 'delete'] },
      name: { type: 'string', minLength: 1, maxLength: 200 },
    },
    { required: ['action'] },
  ),
  async run(input, { call }) {
    const action = input.action as 'save' | 'list' | 'restore' | 'delete'
    if (action === 'list') {
      return { value: (await call({ method: 'GET', path: '/__mock/snapshots' })).data }
    }
    const path = `/__mock/snapshots/${encodeURIComponent(needed(input, 'name', action))}`
    const method = ({ save: 'POST', restore: 'PUT', delete: 'DELETE' } as const)[action]
    const answer = await call({ method, path })
    return { value: answer.data ?? { deleted: input.name } }
  },
}
