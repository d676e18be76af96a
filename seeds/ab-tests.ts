import {
  abTestStatuses,
  type ABTestStatus,
  type ABTestViewModel,
  type VariationViewModel,
} from '../src/model/index.ts'
import { makeGoals } from './ab-test-goals.ts'
import {
  dayMs,
  hourMs,
  minuteMs,
  randomGuid,
  referenceTime,
  reseed,
  seedKinds,
  type SeedContext,
  type SeededFaker,
} from './seeded-faker.ts'

const experiments = [
  { subject: 'Hero banner', page: '/' },
  { subject: 'Pricing table', page: '/pricing' },
  { subject: 'Sign-up button', page: '/signup' },
  { subject: 'Newsletter box', page: '/blog' },
  { subject: 'Product gallery', page: '/products' },
  { subject: 'Checkout summary', page: '/shop/checkout' },
  { subject: 'Contact form', page: '/contact-us' },
  { subject: 'Feature overview', page: '/features' },
  { subject: 'Demo request banner', page: '/solutions/enterprise' },
  { subject: 'Testimonials strip', page: '/about-us' },
] as const
const aspects = ['headline', 'layout', 'color', 'copy', 'image', 'call-to-action', 'length']
const metrics = [
  'sign-ups',
  'clicks',
  'purchases',
  'form submissions',
  'downloads',
  'demo requests',
]
const cultures = ['en', 'en', 'en', 'de', 'fr', 'es', 'nl', 'en-US']

/** The A/B test `index` of a seed; the statuses take turns, in `abTestStatuses` order. */
export function makeAbTest(context: SeedContext, index: number): ABTestViewModel {
  const faker = reseed(context, seedKinds.abTest, index)
  // The id is the stream's first draw, as `firstGuid` makes it for the store's keys.
  const id = randomGuid(faker)
  const status = abTestStatuses[index % abTestStatuses.length] ?? abTestStatuses[0]
  const experiment = faker.helpers.arrayElement(experiments)
  const aspect = faker.helpers.arrayElement(aspects)
  const culture = faker.helpers.arrayElement(cultures)
  const variations = makeVariations(faker)
  const { start, stop } = makeSchedule(faker, status)
  const winner = status === 'Ended' ? faker.helpers.arrayElement(variations).Id : null
  for (const variation of variations) variation.IsWinner = variation.Id === winner
  const selected = winner !== null && faker.datatype.boolean() ? winner : null
  return {
    Id: id,
    Title: `${experiment.subject} ${aspect} test`,
    Description:
      `Compares ${variations.length} versions of the ${experiment.subject.toLowerCase()} ` +
      `${aspect} on ${experiment.page} to see which one brings more ` +
      `${faker.helpers.arrayElement(metrics)}.`,
    StartDate: start,
    StopDate: stop,
    Page: experiment.page,
    SiteId: randomGuid(faker),
    Culture: culture,
    Variations: variations,
    Goals: makeGoals(faker, culture),
    ReportUrl: `/analytics/ab-tests/${id}/report`,
    LastModified: makeLastModified(faker, start, stop),
    Status: status,
    Owner: faker.datatype.boolean()
      ? faker.internet.username()
      : `${faker.person.firstName()} ${faker.person.lastName()}`,
    WinnerVariationId: winner,
    SelectedVariationId: selected,
    PageNodeErrorMessage: null,
    WarningMessage: null,
    ApiKey: faker.datatype.boolean(0.4) ? faker.string.alphanumeric(32) : null,
    UserSegmentId: faker.datatype.boolean(0.3) ? randomGuid(faker) : null,
  }
}

function makeVariations(faker: SeededFaker): VariationViewModel[] {
  const count = faker.number.int({ min: 2, max: 4 })
  const shares = makeDistribution(faker, count)
  return shares.map((share, ordinal) => ({
    Id: randomGuid(faker),
    Name: ordinal === 0 ? 'Original' : `Variation ${String.fromCharCode(65 + ordinal)}`,
    Distribution: share,
    IsOriginal: ordinal === 0,
    Ordinal: ordinal,
    PageDataId: randomGuid(faker),
    IsWinner: false,
  }))
}

// Whole percentages summing to exactly 100: an even split most of the time (as editors
// usually leave it), otherwise uneven shares of at least 10 each, the rest to the original.
function makeDistribution(faker: SeededFaker, count: number): number[] {
  const even = Math.floor(100 / count)
  if (faker.datatype.boolean(0.6)) {
    return Array.from({ length: count }, (_, i) => (i === 0 ? 100 - even * (count - 1) : even))
  }
  const weights = Array.from({ length: count }, () => faker.number.int({ min: 1, max: 10 }))
  const total = weights.reduce((sum, weight) => sum + weight, 0)
  const spare = 100 - 10 * count
  const shares = weights.map((weight) => 10 + Math.floor((spare * weight) / total))
  const rest = 100 - shares.reduce((sum, share) => sum + share, 0)
  shares[0] = (shares[0] ?? 0) + rest
  return shares
}

interface Schedule {
  start: Date | null
  stop: Date | null
}

// The dates agree with the status, relative to the pinned reference time.
function makeSchedule(faker: SeededFaker, status: ABTestStatus): Schedule {
  const ref = referenceTime
  switch (status) {
    case 'NotStarted':
      return {
        start: faker.datatype.boolean()
          ? faker.date.soon({ days: 60, refDate: ref + hourMs })
          : null,
        stop: null,
      }
    case 'Scheduled': {
      const start = faker.date.soon({ days: 45, refDate: ref + hourMs })
      const days = faker.number.int({ min: 7, max: 60 })
      return {
        start,
        stop: faker.datatype.boolean(0.6) ? new Date(start.getTime() + days * dayMs) : null,
      }
    }
    case 'Active':
      return {
        start: faker.date.between({ from: ref - 90 * dayMs, to: ref - dayMs }),
        stop: faker.datatype.boolean()
          ? faker.date.between({ from: ref + dayMs, to: ref + 60 * dayMs })
          : null,
      }
    case 'Stopped':
    case 'Ended': {
      const start = faker.date.between({ from: ref - 365 * dayMs, to: ref - 30 * dayMs })
      const stop = faker.date.between({ from: start.getTime() + 7 * dayMs, to: ref - dayMs })
      return { start, stop }
    }
  }
}

// Last edited in the past, and after whatever of the schedule has already happened.
function makeLastModified(faker: SeededFaker, start: Date | null, stop: Date | null): Date {
  let from = referenceTime - 120 * dayMs
  for (const date of [start, stop]) {
    if (date !== null && date.getTime() < referenceTime) from = Math.max(from, date.getTime())
  }
  return faker.date.between({ from: from + minuteMs, to: referenceTime - minuteMs })
}
