import { readFileSync } from 'node:fs'
import type { Project } from './detect-project.ts'
import { insertAfterImports, insertIntoObject } from './edit-source.ts'
import type { Collect } from './init-step.ts'
import { vitePluginImport } from './recipes.ts'

/**
 * vite.config gets the restapi-mock plugin: the dev server on package.json's `appPort`, the
 * home it says for the page, and in the server home the proxy of `/RestApi` and `/__mock`.
 */
export function planVite(
  vite: NonNullable<Project['vite']>,
  { steps, done, notes, at }: Collect,
): void {
  if (!vite.config) {
    notes.push(
      "found no vite.config: add the restapi-mock plugin to yours (plugins: [restapiMock()], from 'restapi-mock/vite')",
    )
    return
  }
  const source = readFileSync(vite.config, 'utf8')
  if (/\brestapiMock\(\)/.test(source)) {
    done.push(`${at(vite.config)} runs the restapi-mock plugin (home, port and proxy)`)
    return
  }
  const imported = insertAfterImports(source, vitePluginImport, false)
  const withPlugin =
    insertIntoArray(imported, /\bplugins\s*:\s*\[/, 'restapiMock()') ??
    insertIntoObject(imported, /defineConfig\(\s*\{/, 'plugins: [restapiMock()],')
  if (withPlugin === null) {
    notes.push(
      `${at(vite.config)}: found no defineConfig({ ... }); add plugins: [restapiMock()] (from 'restapi-mock/vite') by hand`,
    )
    return
  }
  steps.push({
    kind: 'write',
    path: vite.config,
    before: source,
    after: withPlugin,
    why: "the dev server serves the app on package.json's appPort, tells the page its home, and in the server home proxies /RestApi and /__mock to the CLI",
  })
}

/** Puts an element last in the array literal that `opening` finds (a pattern ending at `[`). */
function insertIntoArray(source: string, opening: RegExp, element: string): string | null {
  const found = opening.exec(source)
  if (!found) return null
  const start = found.index + found[0].length
  let depth = 1
  for (let i = start; i < source.length; i++) {
    const char = source[i]
    if (char === '[' || char === '(' || char === '{') depth++
    else if (char === ']' || char === ')' || char === '}') depth--
    if (depth === 0) {
      const inside = source.slice(start, i)
      const trimmed = inside.trimEnd()
      if (trimmed.trim() === '') return `${source.slice(0, start)}${element}${source.slice(i)}`
      const comma = trimmed.endsWith(',') ? '' : ','
      const multiline = inside.includes('\n')
      const indent = multiline ? (/\n([ \t]*)\S[^\n]*$/.exec(trimmed)?.[1] ?? '    ') : ' '
      const added = multiline ? `${comma}\n${indent}${element},` : `${comma} ${element}`
      return `${source.slice(0, start)}${trimmed}${added}${inside.slice(trimmed.length)}${source.slice(i)}`
    }
  }
  return null
}
