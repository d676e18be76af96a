/** The property types the seeded content types use. */
export const propertyTypes = ['ShortText', 'Number', 'DateTime', 'Boolean', 'Guid'] as const
export type PropertyType = (typeof propertyTypes)[number]

/** A content type a seeded service can expose, with the children it can have. */
export interface TypeTemplate {
  readonly name: string
  readonly urlKey: string
  readonly clrType: string
  readonly properties: readonly (readonly [string, PropertyType])[]
  readonly children?: readonly TypeTemplate[]
}

const text = 'ShortText'
const published = ['PublicationDate', 'DateTime'] as const
const title = ['Title', text] as const

/** The content types seeded services pick from: a CMS's usual modules, in neutral names. */
export const contentTypeCatalog: readonly TypeTemplate[] = [
  {
    name: 'News items',
    urlKey: 'newsitems',
    clrType: 'Cms.News.Model.NewsItem',
    properties: [title, ['Summary', text], ['Author', text], published, ['Featured', 'Boolean']],
  },
  {
    name: 'Events',
    urlKey: 'events',
    clrType: 'Cms.Events.Model.Event',
    properties: [title, ['EventStart', 'DateTime'], ['EventEnd', 'DateTime'], ['City', text]],
    children: [
      {
        name: 'Sessions',
        urlKey: 'sessions',
        clrType: 'Cms.Events.Model.Session',
        properties: [title, ['Speaker', text], ['StartTime', 'DateTime'], ['Seats', 'Number']],
      },
    ],
  },
  {
    name: 'Blogs',
    urlKey: 'blogs',
    clrType: 'Cms.Blogs.Model.Blog',
    properties: [title, ['Description', text], ['UrlName', text]],
    children: [
      {
        name: 'Blog posts',
        urlKey: 'blogposts',
        clrType: 'Cms.Blogs.Model.BlogPost',
        properties: [title, ['Summary', text], published, ['AllowComments', 'Boolean']],
        children: [
          {
            name: 'Post comments',
            urlKey: 'postcomments',
            clrType: 'Cms.Blogs.Model.PostComment',
            properties: [
              ['Author', text],
              ['Message', text],
              ['Rating', 'Number'],
            ],
          },
        ],
      },
    ],
  },
  {
    name: 'Products',
    urlKey: 'products',
    clrType: 'Cms.DynamicTypes.Model.Products.Product',
    properties: [title, ['Sku', text], ['Price', 'Number'], ['InStock', 'Boolean']],
    children: [
      {
        name: 'Product variants',
        urlKey: 'productvariants',
        clrType: 'Cms.DynamicTypes.Model.Products.ProductVariant',
        properties: [title, ['Color', text], ['Size', text], ['Price', 'Number']],
      },
      {
        name: 'Reviews',
        urlKey: 'reviews',
        clrType: 'Cms.DynamicTypes.Model.Products.Review',
        properties: [
          ['Author', text],
          ['Rating', 'Number'],
          ['ReviewedOn', 'DateTime'],
        ],
      },
    ],
  },
  {
    name: 'Images',
    urlKey: 'images',
    clrType: 'Cms.Libraries.Model.Image',
    properties: [title, ['AlternativeText', text], ['Width', 'Number'], ['Height', 'Number']],
  },
  {
    name: 'Documents',
    urlKey: 'documents',
    clrType: 'Cms.Libraries.Model.Document',
    properties: [title, ['Extension', text], ['TotalSize', 'Number'], published],
  },
  {
    name: 'Stores',
    urlKey: 'stores',
    clrType: 'Cms.DynamicTypes.Model.Locations.Store',
    properties: [title, ['Address', text], ['City', text], ['OpenOnSundays', 'Boolean']],
    children: [
      {
        name: 'Opening hours',
        urlKey: 'openinghours',
        clrType: 'Cms.DynamicTypes.Model.Locations.OpeningHours',
        properties: [
          ['Weekday', 'Number'],
          ['Opens', text],
          ['Closes', text],
        ],
      },
    ],
  },
  {
    name: 'Job openings',
    urlKey: 'jobopenings',
    clrType: 'Cms.DynamicTypes.Model.Careers.JobOpening',
    properties: [title, ['Department', text], ['Remote', 'Boolean'], ['ClosingDate', 'DateTime']],
    children: [
      {
        name: 'Applications',
        urlKey: 'applications',
        clrType: 'Cms.DynamicTypes.Model.Careers.Application',
        properties: [
          ['FullName', text],
          ['Email', text],
          ['AppliedOn', 'DateTime'],
        ],
      },
    ],
  },
]
