import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  McpError,
  ErrorCode,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js'
import { mockVersion } from '../../mock/index.ts'
import { ControlError, type ControlClient } from './control-client.ts'
import { createInputCheck, type InputCheck } from './input-check.ts'
import { ToolInputError, type McpTool } from './mcp-tool.ts'
import type { McpResource } from './mcp-resources.ts'

/** What the server is built from: the tools and resources, and the mock they drive. */
export interface McpServerOptions {
  readonly tools: readonly McpTool[]
  readonly resources: readonly McpResource[]
  readonly call: ControlClient
  /** Told to the agent at start: which mock, which session. */
  readonly instructions: string
}

/**
 * The MCP server of the mock's control plane. The SDK's low-level `Server`, not `McpServer`:
 * the tools' input schemas are JSON Schema drawn from the model's field tables (as the OpenAPI
 * document's are), and `McpServer` takes zod schemas only, which would be a second translation
 * of the same tables, listed in zod's rendering rather than the model's. The inputs are checked
 * here, before a tool runs. Every failure is a tool result with `isError`, never a crash.
 */
export function createMcpServer(options: McpServerOptions): Server {
  const server = new Server(
    { name: 'restapi-mock', version: mockVersion },
    { capabilities: { tools: {}, resources: {} }, instructions: options.instructions },
  )
  const tools = new Map(
    options.tools.map((tool) => [tool.name, { tool, check: createInputCheck(tool.inputSchema) }]),
  )
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: options.tools.map(({ name, description, inputSchema, annotations }) => ({
      name,
      description,
      inputSchema: inputSchema as never,
      // Every tool works on one mock on this machine: none reaches an open world.
      annotations: { ...annotations, openWorldHint: false },
    })),
  }))
  server.setRequestHandler(CallToolRequestSchema, ({ params }) =>
    callTool({ tools, call: options.call, name: params.name, input: params.arguments ?? {} }),
  )
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: options.resources.map(({ uri, name, description, mimeType }) => ({
      uri,
      name,
      description,
      mimeType,
    })),
  }))
  server.setRequestHandler(ReadResourceRequestSchema, async ({ params }) => {
    const resource = options.resources.find((candidate) => candidate.uri === params.uri)
    if (!resource) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `unknown resource '${params.uri}': the resources are ${options.resources.map((r) => r.uri).join(', ')}`,
      )
    }
    try {
      const text = await resource.read(options.call)
      return { contents: [{ uri: resource.uri, mimeType: resource.mimeType, text }] }
    } catch (error) {
      throw new McpError(ErrorCode.InternalError, (error as Error).message)
    }
  })
  return server
}

/** A tool's run: its input checked, its answer as JSON text, every failure as `isError`. */
async function callTool({
  tools,
  call,
  name,
  input,
}: {
  tools: ReadonlyMap<string, { tool: McpTool; check: InputCheck }>
  call: ControlClient
  name: string
  input: Readonly<Record<string, unknown>>
}): Promise<CallToolResult> {
  const entry = tools.get(name)
  if (!entry) return failed(`unknown tool '${name}': the tools are ${[...tools.keys()].join(', ')}`)
  const problem = entry.check(input)
  if (problem) return failed(`${name}: ${problem}`)
  try {
    const answer = await entry.tool.run(input, { call })
    return {
      // Compact: an agent reads JSON as well without the indentation, which costs its context.
      content: [{ type: 'text', text: JSON.stringify(answer.value) }],
      ...(answer.error ? { isError: true } : {}),
    }
  } catch (error) {
    if (error instanceof ControlError || error instanceof ToolInputError) {
      return failed(`${name}: ${error.message}`)
    }
    return failed(`${name} failed: ${(error as Error).message}`)
  }
}

function failed(text: string): CallToolResult {
  return { content: [{ type: 'text', text }], isError: true }
}
