import { printParseErrorCode, visit } from 'jsonc-parser'

/**
 * A file's JSON, or an Error that says where it stops being JSON (line and column) and why, in
 * words of its own: V8's message quotes the text around the error (`Unexpected token 'r',
 * "root:x:0:0"... is not valid JSON`), and a file named by mistake may hold anything. A leading
 * byte order mark, as some Windows editors write, is skipped.
 * @example parseJsonText('{"a": x}') // throws 'is not JSON: unexpected character at line 1 column 7'
 */
export function parseJsonText(text: string): unknown {
  const json = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  try {
    return JSON.parse(json) as unknown
  } catch (error) {
    throw new Error(`is not JSON: ${whereItFails(json, (error as Error).message)}`)
  }
}

const reasons: Readonly<Record<string, string>> = {
  InvalidSymbol: 'unexpected character',
  InvalidNumberFormat: 'malformed number',
  PropertyNameExpected: 'expected a property name in double quotes',
  ValueExpected: 'expected a value',
  ColonExpected: "expected ':'",
  CommaExpected: "expected ','",
  CloseBraceExpected: "expected '}'",
  CloseBracketExpected: "expected ']'",
  EndOfFileExpected: 'unexpected text after the JSON',
  InvalidCommentToken: 'a comment, which JSON does not allow',
  UnexpectedEndOfComment: 'an unterminated comment',
  UnexpectedEndOfString: 'an unterminated string',
  UnexpectedEndOfNumber: 'an unterminated number',
  InvalidUnicode: "malformed '\\u' escape",
  InvalidEscapeCharacter: 'malformed escape',
  InvalidCharacter: 'a control character in a string',
}

/** The first error a strict JSON scanner finds, else the position V8 gives, as words. */
function whereItFails(text: string, v8Message: string): string {
  let found: { reason: string; offset: number } | undefined
  try {
    visit(
      text,
      {
        onError: (code, offset) => {
          found = { reason: reasons[printParseErrorCode(code)] ?? 'not JSON', offset }
          // The first error is the one to report: stop the scan there.
          throw found
        },
      },
      { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false },
    )
  } catch (stop) {
    if (stop !== found) throw stop
  }
  if (found) return `${found.reason} at ${lineAndColumn(text, found.offset)}`
  // What the scanner takes and V8 does not: only V8's own position, never its quotation.
  if (/Unexpected end of JSON input/.test(v8Message))
    return `unexpected end at ${lineAndColumn(text, text.length)}`
  const position = /at position (\d+)/.exec(v8Message)?.[1]
  return position === undefined
    ? 'the text is not valid JSON'
    : `invalid at ${lineAndColumn(text, Number(position))}`
}

/** `line 3 column 7`, both counted from 1, as editors count them. */
function lineAndColumn(text: string, offset: number): string {
  let line = 1
  let lineStart = 0
  for (let index = text.indexOf('\n'); index !== -1 && index < offset;) {
    line += 1
    lineStart = index + 1
    index = text.indexOf('\n', lineStart)
  }
  return `line ${line} column ${offset - lineStart + 1}`
}
