import { faultsTool, latencyTool, loginTool } from './rule-tools.ts'
import { journalTool } from './journal-tool.ts'
import type { McpTool } from './mcp-tool.ts'
import { fixturesTool, resetTool, scenarioTool, snapshotTool, stateTool } from './state-tools.ts'
import { verifyTool } from './verify-tool.ts'

/** Every tool, in the order `tools/list` gives them. */
export const mcpTools: readonly McpTool[] = [
  stateTool,
  fixturesTool,
  scenarioTool,
  resetTool,
  snapshotTool,
  journalTool,
  faultsTool,
  latencyTool,
  loginTool,
  verifyTool,
]
