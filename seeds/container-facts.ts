import {
  detailsViewUrlOf,
  displayNameOf,
  itemStatusOf,
  resolveItemType,
  type InlineStrategy,
  type ItemLifecycle,
  type ItemType,
} from '../src/model/index.ts'
import type { ContainerFacts, ContainerFactsInput } from '../src/store/index.ts'
import {
  canonicalId,
  hashText,
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
// An item with no approval workflow (GenericItemStrategy's) is only ever published, a draft, or
// unpublished: the workflow's own states never reach it.
const genericWeights = weighted(['Published', 'Draft', 'Unpublished'] as const, {
  Published: 5,
  Draft: 2,
  Unpublished: 1,
})
const statusLabels: Record<LifecycleStatus, string> = {
  Published: 'Published',
  Draft: 'Draft',
  AwaitingApproval: 'Awaiting approval',
  Unpublished: 'Unpublished',
  Scheduled: 'Scheduled',
}

/**
 * What the server fills in on a submitted container, from (seed, item id), its type, its page
 * and the caller. The seed draws only what the CMS holds of the item (its workflow state, its
 * lock, the caller's permission on it; for a page control, its page's); the status, the
 * details URL, `IsPageControl` and `DisplayType` are the host's rules (`itemStatusOf`,
 * `detailsViewUrlOf`, `displayNameOf`), so no seed gives a state the host never answers.
 */
export function makeContainerFacts(
  context: SeedContext,
  input: ContainerFactsInput,
): ContainerFacts {
  const faker = reseed(context, seedKinds.containerFacts, ...hashText(canonicalId(input.itemId)))
  // A type the host cannot resolve is refused before this; the seeds' own are all resolvable.
  const type = resolveItemType(input.itemType) ?? fallbackType
  const title = capitalized(faker.word.words({ count: { min: 2, max: 5 } }))
  const itemLifecycle = makeLifecycle(faker, type.strategy)
  const statusPage = pageOfControl(type, input)
  const lifecycle =
    type.strategy !== 'page-control'
      ? itemLifecycle
      : makeLifecycle(
          reseed(
            context,
            seedKinds.pageStatus,
            ...hashText(canonicalId(statusPage ?? input.itemId)),
          ),
          'workflow',
        )
  return {
    DisplayType: displayNameOf(type, title, input.pageTitle),
    ItemStatus: itemStatusOf({
      type,
      caller: input.caller,
      lifecycle,
      findsPage: statusPage !== null,
    }),
    IsPageControl: type.isPageControl,
    DetailsViewUrl: detailsViewUrlOf(type, input.page),
  }
}

const fallbackType: ItemType = {
  name: 'Content',
  fullName: 'Cms.Content',
  strategy: 'workflow',
  isPageControl: false,
  displayName: 'item-title',
}

/**
 * The id of the page whose status a page control answers, or null when it finds none
 * (SF `InlineEditing/Strategies/PageControlStrategy.cs` l.154–181): a `PageDraftControl`'s own
 * page (the message's; on the empty `PageId`, a page the mock does not hold, named by the
 * control); a `TemplateControl`'s, the page its `Referer` names (the mock's template controls
 * are all editable); any other control finds none.
 */
function pageOfControl(type: ItemType, input: ContainerFactsInput): string | null {
  if (type.name === 'PageDraftControl') return input.page?.Id ?? `page-of-${input.itemId}`
  if (type.name === 'TemplateControl') return input.refererPage?.Id ?? null
  return null
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

// What the CMS holds of an item (or a page): its state, its lock (held by the caller or by
// someone else), and the caller's rights on it, which an unrestricted caller has regardless.
function makeLifecycle(faker: SeededFaker, strategy: InlineStrategy): ItemLifecycle {
  const status = faker.helpers.weightedArrayElement(
    strategy === 'generic' ? genericWeights : statusWeights,
  )
  const isLocked = faker.datatype.boolean(0.2)
  const isLockedByMe = isLocked && faker.datatype.boolean()
  const lockedBy = isLocked ? faker.internet.username() : ''
  return {
    workflowStatus: status,
    displayStatus: statusLabels[status],
    isLocked,
    isLockedByMe,
    lockedBy,
    // A draft or a pending version over a published one: dynamic content's `IsPublished`.
    hasLive: status === 'Published' || (status !== 'Unpublished' && faker.datatype.boolean(0.3)),
    granted: faker.datatype.boolean(0.8),
    hasDecisions: faker.datatype.boolean(0.9),
  }
}
