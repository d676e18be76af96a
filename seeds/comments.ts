import {
  commentStatuses,
  profilePictureUrls,
  type Avatar,
  type CommentResponse,
} from '../src/model/index.ts'
import {
  dayMs,
  hourMs,
  randomGuid,
  referenceTime,
  reseed,
  seedKinds,
  weighted,
  type SeedContext,
  type SeededFaker,
} from './seeded-faker.ts'

/** How many consecutive seeded comments share a thread. */
export const commentsPerThread = 6

// Readable English comments, cheap to draw: lorem text reads like noise in a UI, and faker's
// phrase generators are too slow for 100k comments (docs/performance.md, "Seeding").
const sentences = [
  'Great read, thanks for sharing!',
  'This helped me a lot.',
  'I had the same problem with the {} last week.',
  'Could you write a follow-up about the {}?',
  'Not sure I agree about the {} part.',
  'The {} example in the second section is really useful.',
  'Bookmarked for later.',
  'Does this also work with an older {}?',
  'We tried something similar and it worked well.',
  'Thanks, this saved me a lot of time.',
  'The link to the {} seems to be broken.',
  'Any plans to cover the {} in more detail?',
  'Clear and to the point.',
  'I would love to see more posts like this.',
  'Our team switched to a new {} after reading this.',
  'Well written, but a bit too short.',
]
const customData = [
  '{"source":"web"}',
  '{"source":"mobile"}',
  '{"source":"email","campaign":"spring"}',
]
const separators = ['.', '_', '']
const statusWeights = weighted(commentStatuses, {
  Published: 80,
  WaitingForApproval: 10,
  Spam: 5,
  Hidden: 5,
})

interface Thread {
  readonly index: number
  readonly key: string
  readonly start: number
}

/**
 * Makes the seeded comments of one factory. Comments come in threads of `commentsPerThread`;
 * a thread's key and first date come from (seed, thread) alone, so no comment depends on which
 * comments were made before it.
 *
 * @example
 * const comment = createCommentMaker({ seed: 1, faker: createSeededFaker() })
 * comment(7).ThreadKey === comment(6).ThreadKey // true
 */
export function createCommentMaker(context: SeedContext): (index: number) => CommentResponse {
  // Faker's name and e-mail helpers go through its template engine; drawing from its word
  // lists directly gives the same kind of values far cheaper (docs/performance.md, "Seeding").
  const definitions = context.faker.rawDefinitions
  const firstNames = definitions.person?.first_name?.generic ?? ['Alex']
  const lastNames = definitions.person?.last_name?.generic ?? ['Smith']
  const domains = definitions.internet?.free_email ?? ['example.com']
  // Seeded comments are made in index order, six to a thread: remembering the last thread
  // saves redoing it five times out of six. It is a pure cache; any order gives the same data.
  let lastThread: Thread | null = null

  function threadOf(index: number): Thread {
    if (lastThread?.index === index) return lastThread
    const faker = reseed(context, seedKinds.commentThread, index)
    const key = randomGuid(faker)
    const start = faker.date.between({
      from: referenceTime - 730 * dayMs,
      to: referenceTime - 8 * dayMs,
    })
    lastThread = { index, key, start: start.getTime() }
    return lastThread
  }

  return (index) => {
    const thread = threadOf(Math.floor(index / commentsPerThread))
    const faker = reseed(context, seedKinds.comment, index)
    // The key is the first draw, as `firstGuid` makes it for the store's keys.
    const key = randomGuid(faker)
    const firstName = faker.helpers.arrayElement(firstNames)
    const lastName = faker.helpers.arrayElement(lastNames)
    const suffix = faker.datatype.boolean(0.4) ? String(faker.number.int({ min: 1, max: 99 })) : ''
    const local = `${firstName}${faker.helpers.arrayElement(separators)}${lastName}${suffix}`
    const email = `${local.replace(/[^A-Za-z0-9._]/g, '')}@${faker.helpers.arrayElement(domains)}`
    const message = faker.helpers
      .arrayElements(sentences, { min: 1, max: 3 })
      .map((sentence) => sentence.replace('{}', () => faker.word.noun()))
      .join(' ')
    // Later comments of a thread come later, at most a day apart, all before the reference.
    const position = index % commentsPerThread
    const offset = position * dayMs + faker.number.int({ min: 0, max: 23 * hourMs })
    // In the order earlier versions drew them, so the same seed gives the same comments.
    const status = faker.helpers.weightedArrayElement(statusWeights)
    // A public-looking unicast address; faker's ipv4() parses a CIDR block on every call.
    const ip = `${faker.number.int({ min: 11, max: 223 })}.${faker.number.int(255)}.${faker.number.int(255)}.${faker.number.int({ min: 1, max: 254 })}`
    const customDataValue = faker.datatype.boolean(0.3)
      ? faker.helpers.arrayElement(customData)
      : null
    const rating = faker.datatype.boolean() ? faker.number.int({ min: 1, max: 5 }) : null
    const pictures = profilePictureUrls(avatarOf(faker, `${firstName}-${lastName}`))
    return {
      Key: key,
      Name: `${firstName} ${lastName}`,
      Message: message,
      DateCreated: new Date(thread.start + offset),
      ProfilePictureUrl: pictures.ProfilePictureUrl,
      ProfilePictureThumbnailUrl: pictures.ProfilePictureThumbnailUrl,
      Status: status,
      Email: email,
      ThreadKey: thread.key,
      AuthorIpAddress: ip,
      CustomData: customDataValue,
      Rating: rating,
    }
  }
}

/**
 * A third of the authors have set an avatar: an image in the site's library, its `MediaUrl` and
 * its thumbnail (rooted, as a site at the root links them); the others get the host's default
 * photo (`profilePictureUrls`).
 */
function avatarOf(faker: SeededFaker, name: string): Avatar | null {
  if (!faker.datatype.boolean(1 / 3)) return null
  const slug = name.toLowerCase().replace(/[^a-z0-9-]+/g, '')
  const version = faker.string.hexadecimal({ length: 7, casing: 'lower', prefix: '' })
  const base = `/images/default-source/avatars/${slug}`
  return {
    url: `${base}.jpg?sfvrsn=${version}_0`,
    thumbnailUrl: `${base}.tmb-thumb80.jpg?sfvrsn=${version}_0`,
  }
}
