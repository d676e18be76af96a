import { diffLines } from 'diff'
import { escapeHtml } from '../../../wire/index.ts'
import type { AnswerView } from './compare-answers.ts'
import { serviceStackHeaders } from './compare-answers.ts'

/** An answer as lines to read: the status line, the headers verify compares, the body laid out. */
export function answerText(answer: AnswerView): string {
  const compared = new Set<string>(['content-type', ...serviceStackHeaders])
  const headers = answer.headers
    .filter(([name]) => compared.has(name.toLowerCase()))
    .map(([name, value]) => `${name.toLowerCase()}: ${value}`)
    .sort()
  const body = answer.body === null ? '(body not kept)' : laidOut(answer)
  return [`${answer.status} ${answer.statusText}`.trim(), ...headers, '', body].join('\n')
}

/** JSON indented, XML an element a line; other bodies as they are. */
function laidOut(answer: AnswerView): string {
  const body = answer.body ?? ''
  const type = answer.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
  if (/json/i.test(type)) {
    try {
      return JSON.stringify(JSON.parse(body), null, 2)
    } catch {
      return body
    }
  }
  if (/xml/i.test(type)) return body.replace(/></g, '>\n<')
  return body
}

/**
 * Two answers side by side as table rows, the lines that differ marked (the `diff` package's
 * line diff): what only the recording has on the left, what only the mock has on the right.
 */
export function sideBySideRows(recorded: string, mock: string): string {
  const rows: string[] = []
  let left: string[] = []
  let right: string[] = []
  const flush = (): void => {
    for (let i = 0; i < Math.max(left.length, right.length); i++) {
      const a = left[i]
      const b = right[i]
      rows.push(
        `<tr><td class="${a === undefined ? 'none' : 'gone'}">${escapeHtml(a ?? '')}</td>` +
          `<td class="${b === undefined ? 'none' : 'new'}">${escapeHtml(b ?? '')}</td></tr>`,
      )
    }
    left = []
    right = []
  }
  for (const part of diffLines(recorded, mock)) {
    const lines = part.value.replace(/\n$/, '').split('\n')
    if (part.removed) left.push(...lines)
    else if (part.added) right.push(...lines)
    else {
      flush()
      for (const line of lines) {
        rows.push(`<tr><td>${escapeHtml(line)}</td><td>${escapeHtml(line)}</td></tr>`)
      }
    }
  }
  flush()
  return rows.join('')
}
