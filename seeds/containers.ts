import type { ContainerInfoMessage, ContainerInfoModel } from '../src/model/index.ts'
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
  const containers = skeletons.map((skeleton): ContainerInfoModel => {
    const facts = makeContainerFacts(context, skeleton.itemId, skeleton.itemType)
    return {
      ItemId: skeleton.itemId,
      ItemType: skeleton.itemType,
      DisplayType: facts.DisplayType,
      Provider: skeleton.provider,
      ItemStatus: facts.ItemStatus,
      IsPageControl: facts.IsPageControl,
      DetailsViewUrl: facts.DetailsViewUrl,
      Fields: skeleton.fields.map((name) => ({
        Name: name,
        ...makeFieldConstraints(context, skeleton.itemId, name),
      })),
    }
  })
  return { PageId: pageId, PageTitle: makePageTitle(context, pageId), ContainersInfo: containers }
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
