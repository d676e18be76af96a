import { applyEdits, modify } from 'jsonc-parser'

/**
 * Puts a block after a module's last top-level import (or at its top when it has none), with a
 * blank line on each side; an import of its own goes right under the others (`spaced` false).
 * Imports written over several lines count to their `from` line.
 */
export function insertAfterImports(source: string, block: string, spaced = true): string {
  const lines = source.split('\n')
  let end = 0
  let inImport = false
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string
    if (!inImport && /^import\b/.test(line)) inImport = true
    if (
      inImport &&
      (/\bfrom\s*['"][^'"]+['"]\s*;?\s*$/.test(line) || /^import\s*['"]/.test(line))
    ) {
      inImport = false
      end = i + 1
    }
  }
  const before = lines.slice(0, end).join('\n')
  const after = lines.slice(end).join('\n').replace(/^\n+/, '')
  if (end === 0) return `${block}\n${spaced ? '\n' : ''}${after}`
  return `${before}\n${spaced ? '\n' : ''}${block}\n${spaced ? '' : '\n'}${after}`
}

/**
 * Puts a line first in the object literal that `opening` finds (a pattern ending at its `{`),
 * indented as the object's next line; null when the pattern finds nothing.
 */
export function insertIntoObject(source: string, opening: RegExp, line: string): string | null {
  const found = opening.exec(source)
  if (!found) return null
  const at = found.index + found[0].length
  const rest = source.slice(at)
  const indent = /^\s*\n([ \t]*)/.exec(rest)?.[1] || '  '
  const lineBreak = rest.startsWith('\n') ? '' : '\n'
  return `${source.slice(0, at)}\n${indent}${line}${lineBreak}${rest}`
}

/** A JSON (or JSONC) text with one value set, its layout and comments kept. */
export function editJson(text: string, path: (string | number)[], value: unknown): string {
  const indent = /\n([ \t]+)"/.exec(text)?.[1] ?? '  '
  return applyEdits(
    text,
    modify(text, path, value, {
      formattingOptions: { insertSpaces: !indent.includes('\t'), tabSize: indent.length },
    }),
  )
}
