export { runMcp, mcpUsage, type McpIo } from './run-mcp.ts'
