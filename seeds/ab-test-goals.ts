import { goalTypes, type GoalType, type GoalViewModel } from '../src/model/index.ts'
import { randomGuid, type SeededFaker } from './seeded-faker.ts'

const forms = ['Contact us', 'Newsletter sign-up', 'Request a demo', 'Download whitepaper']
const conversions = [
  'Trial sign-up',
  'Purchase completed',
  'Newsletter subscription',
  'Demo booked',
]
const landingPages = ['/thank-you', '/pricing', '/signup/complete', '/products', '/contact-us']

/** The goals of an A/B test, the first one primary; each names the culture of its test. */
export function makeGoals(faker: SeededFaker, culture: string): GoalViewModel[] {
  const count = faker.number.int({ min: 1, max: 3 })
  return Array.from({ length: count }, (_, ordinal) => {
    const goalType: GoalType = faker.helpers.arrayElement(goalTypes)
    return {
      Id: randomGuid(faker),
      GoalType: goalType,
      GoalNameResourceKey: `${goalType}GoalName`,
      PredicateOperator:
        goalType === 'NextPageView'
          ? faker.helpers.arrayElement(['Equals', 'StartsWith', 'Contains'])
          : 'Equals',
      ObjectId: randomGuid(faker),
      ObjectName: goalObjectName(faker, goalType),
      ObjectCulture: culture,
      IsPrimary: ordinal === 0,
      Ordinal: ordinal,
    }
  })
}

function goalObjectName(faker: SeededFaker, goalType: GoalType): string {
  switch (goalType) {
    case 'NextPageView':
      return faker.helpers.arrayElement(landingPages)
    case 'FormSubmission':
      return `${faker.helpers.arrayElement(forms)} form`
    case 'DecConversion':
      return faker.helpers.arrayElement(conversions)
  }
}
