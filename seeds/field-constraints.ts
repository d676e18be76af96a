import type { FieldConstraints } from '../src/store/index.ts'
import {
  canonicalId,
  dayMs,
  hashText,
  referenceTime,
  reseed,
  seedKinds,
  type SeedContext,
} from './seeded-faker.ts'

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
 * What the server fills in on a submitted field, from (seed, item id, field name) alone:
 * a required flag, and the limits that fit the kind of value the field holds.
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
    MinDate: null,
    MaxDate: null,
    MinLength: null,
    MaxLength: null,
    Pattern: null,
    MinValue: null,
    MaxValue: null,
    RequiredViolationMessage: required ? `The ${fieldName} field is required.` : null,
    MinLengthViolationMessage: null,
    MaxLengthViolationMessage: null,
  }
  switch (fieldKindOf(fieldName)) {
    case 'date': {
      const min = faker.date.past({ years: 10, refDate: referenceTime - 365 * dayMs })
      const max = faker.date.future({ years: 5, refDate: referenceTime + 365 * dayMs })
      constraints.MinDate = startOfDay(min).toISOString()
      constraints.MaxDate = startOfDay(max).toISOString()
      constraints.MinLength = faker.datatype.boolean() ? 0 : null
      constraints.MaxLength = constraints.MinLength
      break
    }
    case 'number': {
      constraints.MinValue = faker.helpers.arrayElement([0, 0, 1, 5, 10])
      constraints.MaxValue = faker.helpers.arrayElement([100, 500, 1000, 10000])
      break
    }
    case 'text': {
      const min = required
        ? faker.number.int({ min: 1, max: 5 })
        : faker.number.int({ min: 0, max: 5 })
      const max = faker.helpers.arrayElement([50, 100, 150, 200, 255])
      constraints.MinLength = min
      constraints.MaxLength = max
      // "At least 0 characters" can never be violated, so it has no message.
      if (min > 0) {
        constraints.MinLengthViolationMessage = `The ${fieldName} field must be at least ${min} characters long.`
      }
      constraints.MaxLengthViolationMessage = `The ${fieldName} field must be at most ${max} characters long.`
      if (/e-?mail/i.test(fieldName)) constraints.Pattern = emailPattern
      else if (faker.datatype.boolean(0.25))
        constraints.Pattern = faker.helpers.arrayElement(textPatterns)
      break
    }
  }
  return constraints
}

function startOfDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / dayMs) * dayMs)
}
