import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { ToolSchema } from './tool-schema.ts'
import { unknownField } from './unknown-field.ts'

/** Checks a tool's arguments against its input schema: undefined if they fit, else why not. */
export type InputCheck = (input: unknown) => string | undefined

/**
 * The check of one tool's input. A member the schema does not name is said by name, with the
 * member meant and those there are (`Comments[0].Mesage is no member of CommentResponse …`);
 * anything else the schema refuses is said by the SDK's own validator (Ajv).
 */
export function createInputCheck(
  schema: ToolSchema,
  validator = new AjvJsonSchemaValidator(),
): InputCheck {
  const validate = validator.getValidator(schema as never)
  return (input) => {
    const unknown = unknownField(input, schema)
    if (unknown) {
      const meant = unknown.near ? ` (did you mean '${unknown.near}'?)` : ''
      const there =
        unknown.known.length > 30
          ? `${unknown.known.slice(0, 30).join(', ')}, …`
          : unknown.known.join(', ')
      return `unknown field '${unknown.path}'${meant}: the fields there are ${there}`
    }
    const result = validate(input)
    return result.valid
      ? undefined
      : `the input does not fit the tool's schema: ${result.errorMessage.replaceAll('data/', '').replaceAll('data ', 'the input ')}`
  }
}
