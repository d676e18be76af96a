import type { FieldConstraints } from '../src/store/index.ts'
import { canonicalId, hashText, reseed, seedKinds, type SeedContext } from './seeded-faker.ts'

export const fieldKinds = ['text', 'date', 'number'] as const
export type FieldKind = (typeof fieldKinds)[number]

const numberNames =
  /(Price|Quantity|Capacity|Width|Height|Size|Count|Rating|Order|Number|Amount|Age|Weight|Seats)$/

/** What kind of value a field holds, judged from its name as the seeds' field lists name them. */
export function fieldKindOf(fieldName: string): FieldKind {
  if (fieldName.includes('Date')) return 'date'
  if (numberNames.test(fieldName)) return 'number'
  return 'text'
}

// Valid regex sources, the kind an editor's field validation would hold.
const textPatterns = ['^[^<>]*$', "^[\\w\\s.,:;!?'()-]+$", '^\\S(.*\\S)?$']
const emailPattern = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$'

/**
 * The violation messages the host sets on every field it finds a definition for, whatever the
 * field's constraints: its `PublicControlsResources` strings (SF
 * `Web/UI/PublicControls/PublicControlsResources.cs` l.391–402; the trailing space is the
 * resource's own), set by `InlineEditingService.cs` l.261–263.
 */
export const violationMessages = {
  RequiredViolationMessage: 'This field is required! ',
  MinLengthViolationMessage: 'The input is too short',
  MaxLengthViolationMessage: 'The input is too long',
} as const

/**
 * What the server fills in on a submitted field of a content item, from (seed, item id, field
 * name) alone, as `InlineEditingService.cs` l.252–263 copies it from the field's definition: a
 * required flag, `MinLength`/`MaxLength` (always numbers: 0 is no limit), a pattern and value
 * bounds that fit the kind of value the field holds, and the constant messages. `MinDate` and
 * `MaxDate` are never set: they stay as sent.
 */
export function makeFieldConstraints(
  context: SeedContext,
  itemId: string,
  fieldName: string,
): FieldConstraints {
  const faker = reseed(
    context,
    seedKinds.fieldConstraints,
    ...hashText(canonicalId(itemId)),
    ...hashText(fieldName),
  )
  const required = fieldName === 'Title' || faker.datatype.boolean(0.4)
  const constraints: FieldConstraints = {
    Required: required ? 'required' : null,
    MinLength: 0,
    MaxLength: 0,
    Pattern: null,
    MinValue: null,
    MaxValue: null,
    ...violationMessages,
  }
  switch (fieldKindOf(fieldName)) {
    case 'date':
      break
    case 'number': {
      constraints.MinValue = faker.helpers.arrayElement([0, 0, 1, 5, 10])
      constraints.MaxValue = faker.helpers.arrayElement([100, 500, 1000, 10000])
      break
    }
    case 'text': {
      constraints.MinLength = required
        ? faker.number.int({ min: 1, max: 5 })
        : faker.number.int({ min: 0, max: 5 })
      // Some text fields have no upper limit: 0, as a definition without one holds.
      constraints.MaxLength = faker.helpers.arrayElement([0, 50, 100, 150, 200, 255])
      if (/e-?mail/i.test(fieldName)) constraints.Pattern = emailPattern
      else if (faker.datatype.boolean(0.25))
        constraints.Pattern = faker.helpers.arrayElement(textPatterns)
      break
    }
  }
  return constraints
}
