import { displayNameOf, resolveItemType, type LifecycleStatusModel } from '../src/model/index.ts'
import type { ContainerFacts } from '../src/store/index.ts'
import {
  canonicalId,
  dayMs,
  hashText,
  referenceTime,
  reseed,
  seedKinds,
  type SeedContext,
  weighted,
  type SeededFaker,
} from './seeded-faker.ts'

/** The workflow statuses an item's lifecycle can be in, as `WorkflowStatus` names them. */
export const lifecycleStatuses = [
  'Published',
  'Draft',
  'AwaitingApproval',
  'Unpublished',
  'Scheduled',
] as const
export type LifecycleStatus = (typeof lifecycleStatuses)[number]

// How often the seeds draw each status, and how the CMS shows it.
const statusWeights = weighted(lifecycleStatuses, {
  Published: 5,
  Draft: 2,
  AwaitingApproval: 1,
  Unpublished: 1,
  Scheduled: 1,
})
const statusLabels: Record<LifecycleStatus, string> = {
  Published: 'Published',
  Draft: 'Draft',
  AwaitingApproval: 'Awaiting approval',
  Unpublished: 'Unpublished',
  Scheduled: 'Scheduled',
}

// Where an item type's detail pages live on the site.
const detailSections: Readonly<Record<string, string>> = {
  NewsItem: 'news',
  Event: 'events',
  BlogPost: 'blog',
  Image: 'images',
  Document: 'docs',
  Product: 'products',
}

/**
 * What the server fills in on a submitted container, from (seed, item id) and its type: the
 * item's lifecycle status and details page are the seed's; `IsPageControl` and `DisplayType`
 * follow the type as the host computes them (`resolveItemType`, `displayNameOf`), a content
 * item being named by its own title, which the seed makes too.
 */
export function makeContainerFacts(
  context: SeedContext,
  itemId: string,
  itemType: string | null,
  pageTitle: string | null,
): ContainerFacts {
  const faker = reseed(context, seedKinds.containerFacts, ...hashText(canonicalId(itemId)))
  // A type the host cannot resolve is refused before this; the seeds' own are all resolvable.
  const type = resolveItemType(itemType) ?? {
    name: 'Content',
    isPageControl: false,
    displayName: 'item-title',
  }
  const status = makeLifecycleStatus(faker)
  const typeName = type.name
  const section = detailSections[typeName] ?? 'content'
  const published = faker.date.past({ years: 3, refDate: referenceTime - dayMs })
  const slug = faker.helpers.slugify(faker.word.words({ count: { min: 2, max: 4 } })).toLowerCase()
  const title = capitalized(faker.word.words({ count: { min: 2, max: 5 } }))
  return {
    DisplayType: displayNameOf(type, title, pageTitle),
    ItemStatus: status,
    IsPageControl: type.isPageControl,
    DetailsViewUrl: type.isPageControl ? null : `/${section}/${datePath(published)}/${slug}`,
  }
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

function datePath(date: Date): string {
  const month = String(date.getUTCMonth() + 1).padStart(2, '0')
  const day = String(date.getUTCDate()).padStart(2, '0')
  return `${date.getUTCFullYear()}/${month}/${day}`
}

// Internally consistent: published iff Published; a lock has an owner; an item locked by
// someone else cannot be edited; changing the status needs edit rights.
function makeLifecycleStatus(faker: SeededFaker): LifecycleStatusModel {
  const status = faker.helpers.weightedArrayElement(statusWeights)
  const isAdmin = faker.datatype.boolean(0.3)
  const isLocked = faker.datatype.boolean(0.2)
  const isLockedByMe = isLocked && faker.datatype.boolean()
  const lockedBy = isLocked ? faker.internet.username() : null
  const isEditable = (!isLocked || isLockedByMe) && faker.datatype.boolean(0.9)
  return {
    DisplayStatus: statusLabels[status],
    IsAdmin: isAdmin,
    IsEditable: isEditable,
    IsStatusEditable: isEditable && (isAdmin || faker.datatype.boolean(0.6)),
    IsLocked: isLocked,
    IsPublished: status === 'Published',
    IsLockedByMe: isLockedByMe,
    LockedByUsername: lockedBy,
    WorkflowStatus: status,
  }
}
