import {
  defaultCaller,
  type ContainerInfoMessage,
  type ContainerInfoModel,
  type PageNode,
} from '../src/model/index.ts'
import { makeContainerFacts } from './container-facts.ts'
import { makeFieldConstraints } from './field-constraints.ts'
import {
  canonicalId,
  hashText,
  randomGuid,
  reseed,
  seedKinds,
  type SeedContext,
  type SeededFaker,
} from './seeded-faker.ts'

// Item types an inline-editing page shows, with the fields an editor would edit on them;
// Title first, as the CMS lists it.
const itemKinds = [
  {
    type: 'Cms.News.Model.NewsItem',
    fields: ['Title', 'Content', 'Summary', 'PublicationDate', 'Author'],
  },
  {
    type: 'Cms.Events.Model.Event',
    fields: ['Title', 'Content', 'StartDate', 'EndDate', 'Capacity'],
  },
  {
    type: 'Cms.Blogs.Model.BlogPost',
    fields: ['Title', 'Content', 'Summary', 'PublicationDate', 'Author'],
  },
  { type: 'Cms.Libraries.Model.Image', fields: ['Title', 'AlternativeText', 'Width', 'Height'] },
  { type: 'Cms.Libraries.Model.Document', fields: ['Title', 'Description', 'PublicationDate'] },
  {
    type: 'Cms.DynamicTypes.Model.Products.Product',
    fields: ['Title', 'Description', 'Price', 'Quantity', 'ContactEmail'],
  },
] as const
const providers = ['OpenAccessDataProvider', 'OpenAccessDataProvider', 'OpenAccessProvider2']

const pageNames = [
  'Home',
  'About us',
  'Contact',
  'Pricing',
  'Careers',
  'Blog',
  'Newsroom',
  'Events',
]
const pageKinds = ['overview', 'deals', 'guide', 'collection', 'highlights']

/**
 * The container-info page `index` of a seed: its containers and fields carry the same facts
 * and constraints a POST of them would be answered with.
 */
export function makeContainerPage(context: SeedContext, index: number): ContainerInfoMessage {
  // Everything random about the page comes first: the facts below reseed the shared faker.
  const faker = reseed(context, seedKinds.containerPage, index)
  const pageId = randomGuid(faker) // the first draw, as `firstGuid` makes it for the store
  const skeletons = Array.from({ length: faker.number.int({ min: 2, max: 4 }) }, () =>
    makeSkeleton(faker),
  )
  const pageTitle = makePageTitle(context, pageId)
  const page = { Id: pageId, Title: pageTitle, UrlName: urlNameOf(pageTitle) }
  const containers = skeletons.map((skeleton): ContainerInfoModel => {
    // As the default caller, with no Referer, asks for them (decisions.md §24).
    const facts = makeContainerFacts(context, {
      itemId: skeleton.itemId,
      itemType: skeleton.itemType,
      page,
      pageTitle,
      caller: defaultCaller,
      refererPage: null,
    })
    return {
      ItemId: skeleton.itemId,
      ItemType: skeleton.itemType,
      DisplayType: facts.DisplayType,
      Provider: skeleton.provider,
      ItemStatus: facts.ItemStatus,
      IsPageControl: facts.IsPageControl,
      DetailsViewUrl: facts.DetailsViewUrl,
      // The page's script sends each field's name; the host adds the rest, never the dates.
      Fields: skeleton.fields.map((name) => {
        const constraints = makeFieldConstraints(context, skeleton.itemId, name)
        // In the DTO's order: the spread keeps each key where it first came.
        const first = { Name: name, Required: constraints.Required, MinDate: null, MaxDate: null }
        return { ...first, ...constraints }
      }),
    }
  })
  return { PageId: pageId, PageTitle: pageTitle, ContainersInfo: containers }
}

/**
 * Page `index` of a seed: it has the `PageId` of container page `index` (the same first draw),
 * so every seeded container page is on a seeded page, and its title is the one that page shows.
 */
export function makePage(context: SeedContext, index: number): PageNode {
  const id = randomGuid(reseed(context, seedKinds.containerPage, index))
  const title = makePageTitle(context, id)
  return { Id: id, Title: title, UrlName: urlNameOf(title) }
}

interface Skeleton {
  itemId: string
  itemType: string
  provider: string
  fields: string[]
}

function makeSkeleton(faker: SeededFaker): Skeleton {
  const kind = faker.helpers.arrayElement(itemKinds)
  const [first, ...rest] = kind.fields
  const picked = new Set(faker.helpers.arrayElements(rest, { min: 0, max: 3 }))
  return {
    itemId: randomGuid(faker),
    itemType: kind.type,
    provider: faker.helpers.arrayElement(providers),
    // Kept in the kind's own order, whatever order they were drawn in.
    fields: [first, ...rest.filter((name) => picked.has(name))],
  }
}

/** A page title, the same for the same (seed, page id) whatever case or layout the GUID has. */
export function makePageTitle(context: SeedContext, pageId: string): string {
  const faker = reseed(context, seedKinds.pageTitle, ...hashText(canonicalId(pageId)))
  if (faker.datatype.boolean(0.4)) return faker.helpers.arrayElement(pageNames)
  if (faker.datatype.boolean()) return faker.commerce.productName()
  return `${faker.commerce.department()} ${faker.helpers.arrayElement(pageKinds)}`
}

/** `About us` is `about-us`, as the CMS makes a page's URL name from its title. */
function urlNameOf(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}
