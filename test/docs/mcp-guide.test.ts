import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { helpText } from '../../src/tools/cli/help.ts'
import { mcpResources } from '../../src/tools/mcp/mcp-resources.ts'
import { mcpTools } from '../../src/tools/mcp/mcp-tools.ts'
import { projectRoot } from '../support/index.ts'

// Issue 41: docs/mcp.md lists every tool with its input, and every resource; the README and
// --help name the command. A tool or an input added without its line fails here.

const guide = readFileSync(join(projectRoot, 'docs/mcp.md'), 'utf8')
const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')

describe('the mcp guide', () => {
  it.each(mcpTools.map((tool) => [tool.name, tool] as const))(
    'lists %s with every member of its input',
    (name, tool) => {
      const row = guide.split('\n').find((line) => line.startsWith(`| \`${name}\``))
      expect(row, name).toBeDefined()
      for (const member of Object.keys(tool.inputSchema.properties)) {
        expect(row, `${name}.${member}`).toContain(`\`${member}\``)
      }
      expect(readme).toContain(`\`${name}\``)
    },
  )

  it('lists every resource, and --help names the command', () => {
    for (const resource of mcpResources) expect(guide).toContain(`\`${resource.uri}\``)
    expect(readme).toContain('npx restapi-mock mcp --url http://127.0.0.1:4000')
    expect(helpText()).toContain('restapi-mock mcp [--url <http://127.0.0.1:4000>]')
  })
})
