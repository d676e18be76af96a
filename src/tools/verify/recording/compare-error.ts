import type { ErrorResponse, ResponseError, ResponseStatus } from '../../../model/index.ts'
import type { Shape } from './body-shape.ts'
import { absent, type Difference, type Ignored } from './difference.ts'

/** A member of ServiceStack's error types, named as the model declares it. */
type ErrorMember = keyof ErrorResponse | keyof ResponseStatus | keyof ResponseError

function field(shape: Shape, name: ErrorMember): Shape | undefined {
  if (shape.kind !== 'object') return undefined
  return shape.fields.find(([key]) => key === name)?.[1]
}

function text(shape: Shape | undefined): string {
  if (shape === undefined) return absent
  return shape.kind === 'scalar' ? (shape.type === 'null' ? 'null' : shape.text) : `(${shape.kind})`
}

/** `Errors` as a list of its entries, in JSON (a list) or XML (an element of `ResponseError`s). */
function entries(shape: Shape | undefined): Shape[] {
  if (shape === undefined) return []
  if (shape.kind === 'list') return [...shape.items]
  if (shape.kind === 'object') return shape.fields.map(([, item]) => item)
  return []
}

/**
 * The error shape, by value (SS5 `DtoUtils.CreateErrorResponse`, servicestack-wire.md 8.1):
 * `ResponseStatus.ErrorCode`, `Message`, and each entry of `Errors` by its `ErrorCode`,
 * `FieldName` and `Message`.
 */
export function errorDifferences(
  recorded: Shape,
  mock: Shape,
  root: string,
  ignored: Ignored,
): Difference[] {
  const a = field(recorded, 'ResponseStatus')
  const b = field(mock, 'ResponseStatus')
  if (a === undefined || b === undefined) return []
  const out: Difference[] = []
  const at = root === '' ? 'ResponseStatus' : `${root}.ResponseStatus`
  const check = (path: string, name: string, x: Shape | undefined, y: Shape | undefined): void => {
    if (ignored(path.slice(root === '' ? 0 : root.length + 1), name)) return
    const left = text(x)
    const right = text(y)
    if (left !== right) {
      out.push({
        part: 'error',
        field: path,
        recorded: left,
        mock: right,
        says: `${path} is "${left}" in the recording, "${right}" from the mock`,
      })
    }
  }
  check(`${at}.ErrorCode`, 'ErrorCode', field(a, 'ErrorCode'), field(b, 'ErrorCode'))
  check(`${at}.Message`, 'Message', field(a, 'Message'), field(b, 'Message'))
  const left = entries(field(a, 'Errors'))
  const right = entries(field(b, 'Errors'))
  if (left.length !== right.length && !ignored('ResponseStatus.Errors', 'Errors')) {
    out.push({
      part: 'error',
      field: `${at}.Errors`,
      recorded: `${left.length} entries`,
      mock: `${right.length} entries`,
      says: `${at}.Errors has ${left.length} entries in the recording, ${right.length} from the mock`,
    })
  }
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    for (const name of ['ErrorCode', 'FieldName', 'Message'] satisfies (keyof ResponseError)[]) {
      check(
        `${at}.Errors[${i}].${name}`,
        name,
        field(left[i] as Shape, name),
        field(right[i] as Shape, name),
      )
    }
  }
  return out
}
