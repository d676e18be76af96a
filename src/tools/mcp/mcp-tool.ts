import type { ControlClient } from './control-client.ts'
import type { ToolSchema } from './tool-schema.ts'

/** What a tool works with: the control plane of the mock it drives. */
export interface ToolContext {
  readonly call: ControlClient
}

/** A tool's answer: a value the agent reads as JSON; `error` marks a refusal it can act on. */
export interface ToolAnswer {
  readonly value: unknown
  readonly error?: boolean
}

/**
 * One MCP tool: its name, what an agent needs to know to call it, its input schema and what it
 * does. `run` gets input that passed the schema; a refusal of the mock throws `ControlError`.
 */
export interface McpTool {
  readonly name: string
  readonly description: string
  readonly inputSchema: ToolSchema
  /**
   * MCP's hints for a client (which may ask before a tool that is not read-only): whether the
   * tool only reads, and whether what it changes replaces data (a reset, a scenario, a restore).
   */
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint?: boolean }
  run(input: Readonly<Record<string, unknown>>, context: ToolContext): Promise<ToolAnswer>
}

/** An input a tool takes though the schema cannot say it (`name` with `action: "save"`). */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError'
}

/** The named string member the action needs, or a `ToolInputError` saying so. */
export function needed(
  input: Readonly<Record<string, unknown>>,
  name: string,
  action: string,
): string {
  const value = input[name]
  if (typeof value !== 'string' || value === '') {
    throw new ToolInputError(`action '${action}' needs '${name}'`)
  }
  return value
}
