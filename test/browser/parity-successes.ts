import {
  abTestId,
  abTesting,
  browserAccept,
  comments,
  container,
  containersInfo,
  createService,
  dc,
  json,
  jsonRequest,
  key,
  page,
  type ParityRequest,
} from './parity-requests.ts'

// The four operations in the five formats. The format is chosen every way the real host
// offers (Accept, extension, ?format=, pre-defined route, the echoed Content-Type, the default),
// and the bodies come in every format the mock reads.
export const successRequests: readonly ParityRequest[] = [
  // Comments.
  jsonRequest('200 json', 'comment, json by Accept', 'PUT', comments, {
    Key: key(0),
    Message: 'Parity: json, "quoted" & <tagged>',
    Rating: 4.5,
  }),
  {
    name: 'comment, xml by extension, XML body',
    expected: '200 xml',
    method: 'PUT',
    path: `${comments}.xml`,
    headers: { Accept: '*/*', 'Content-Type': 'application/xml' },
    body:
      `<CommentUpdateRequest ${dc('Cms.Services.Comments.DTO')}>` +
      `<Key>${key(1)}</Key><Message>Parity: xml &amp; &lt;more&gt;</Message><Status>Spam</Status>` +
      '</CommentUpdateRequest>',
  },
  {
    name: 'comment, jsv by ?format=, JSV body',
    expected: '200 jsv',
    method: 'PUT',
    path: `${comments}?format=jsv`,
    headers: { Accept: json, 'Content-Type': 'application/jsv' },
    body: `{Key:${key(2)},Message:"Parity: jsv, {braces} [brackets]",Email:New.Person@Example.com}`,
  },
  {
    name: 'comment, csv by Accept, CSV body',
    expected: '200 csv',
    method: 'PUT',
    path: comments,
    headers: { Accept: 'text/csv', 'Content-Type': 'text/csv' },
    body: `Key,Message,Rating\r\n${key(3)},"Parity: csv, ""quoted""\r\nsecond line",2\r\n`,
  },
  {
    name: 'comment, html by a browser Accept, form body, a query to escape',
    expected: '200 html',
    method: 'PUT',
    path: `${comments}?note=%3Cb%3E%20%22x%22%20%26%20y`,
    headers: { Accept: browserAccept, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      Key: key(4),
      Message: 'Parity: html <script>x</script>',
    }).toString(),
  },
  // A/B tests: an update, creations with generated GUIDs (deterministic per seed), a winner.
  jsonRequest('200 json', 'A/B test update, json by ?format=', 'PUT', `${abTesting}?format=json`, {
    Id: abTestId,
    Title: 'Parity: json',
    Status: 'active',
    Description: null,
  }),
  {
    name: 'A/B test creation, xml by Accept, XML body',
    expected: '200 xml',
    method: 'PUT',
    path: abTesting,
    headers: { Accept: 'application/xml', 'Content-Type': 'application/xml' },
    body:
      `<ABTestViewModel ${dc('Cms.Services.ABTesting.ViewModels')}>` +
      '<StartDate>2026-04-01T09:30:00Z</StartDate><Status>NotStarted</Status><Title>Parity: xml</Title>' +
      '</ABTestViewModel>',
  },
  jsonRequest(
    '200 jsv',
    'A/B test creation with a winner, jsv by extension',
    'PUT',
    `${abTesting}.jsv`,
    {
      Title: 'Parity: jsv',
      StartDate: '/Date(1772323200000)/',
      WinnerVariationId: 'B0C1D2E3-F4A5-4B6C-8D7E-9F0A1B2C3D4E',
      Variations: [
        { Id: 'b0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e', Name: 'B', Distribution: 50, Ordinal: 1 },
        {
          Id: 'a0c1d2e3-f4a5-4b6c-8d7e-9f0a1b2c3d4e',
          Name: 'A',
          Distribution: 50,
          IsOriginal: true,
        },
      ],
    },
  ),
  jsonRequest('200 csv', 'A/B test update, csv by ?format=', 'PUT', `${abTesting}?format=csv`, {
    Id: abTestId,
    Title: 'Parity: csv, with a comma',
    Goals: [{ GoalType: 'PageVisit', IsPrimary: true, ObjectName: 'Checkout' }],
  }),
  jsonRequest('200 html', 'A/B test update, html by extension', 'PUT', `${abTesting}.html`, {
    Id: abTestId,
    Culture: 'de-DE',
  }),
  // Service definitions: a new Route each.
  {
    name: 'service, json by the pre-defined route, JSON body',
    expected: '200 json',
    method: 'POST',
    path: '/RestApi/json/reply/CreateService',
    headers: { Accept: '*/*', 'Content-Type': json },
    body: JSON.stringify({
      Route: '/api/parity-json',
      Name: 'Parity json',
      Types: [{ Name: 'News', Children: [{ Name: 'Tags' }] }],
    }),
  },
  jsonRequest('200 xml', 'service, xml by ?format=', 'POST', `${createService}?format=xml`, {
    Route: '/api/parity-xml',
    Name: 'Parity xml',
    Enabled: true,
  }),
  {
    name: 'service, jsv by Accept, JSV body',
    expected: '200 jsv',
    method: 'POST',
    path: createService,
    headers: { Accept: 'application/jsv', 'Content-Type': 'application/jsv' },
    body: '{Route:/api/parity-jsv,Name:"Parity: jsv",Types:[{Name:Events,ReadOnly:True}]}',
  },
  jsonRequest('200 csv', 'service, csv by extension', 'POST', `${createService}.csv`, {
    Route: '/api/parity-csv',
    Name: 'Parity, csv',
  }),
  {
    name: 'service, html as the default for a form post',
    expected: '200 html',
    method: 'POST',
    path: createService,
    headers: { Accept: '*/*', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'Route=%2Fapi%2Fparity-html&Name=Parity+html',
  },
  // Container info: the answer enriched, deterministically per seed.
  jsonRequest(
    '200 json',
    'container info, json by the echoed Content-Type',
    'POST',
    containersInfo('cms'),
    container(page(0), '0b7d1e52-4c3a-4f6e-8d21-9a5c3e7f1b24', 'Cms.News.Model.NewsItem', [
      'Title',
      'Summary',
    ]),
    '*/*',
  ),
  jsonRequest(
    '200 xml',
    'container info, xml by extension',
    'POST',
    `${containersInfo('sitefinity')}.xml`,
    container(
      `{${page(1).toUpperCase()}}`,
      '1b7d1e524c3a4f6e8d219a5c3e7f1b25',
      'Cms.Events.Model.Event',
      ['Title'],
    ),
    '*/*',
  ),
  {
    name: 'container info, jsv by ?format=, JSV body',
    expected: '200 jsv',
    method: 'POST',
    path: `${containersInfo('cms')}?format=jsv`,
    headers: { Accept: json, 'Content-Type': 'application/jsv' },
    body:
      `{PageId:${page(2)},` +
      'ContainersInfo:[{ItemId:2b7d1e52-4c3a-4f6e-8d21-9a5c3e7f1b26,ItemType:Cms.Blogs.Model.BlogPost,Fields:[{Name:Content}]}]}',
  },
  {
    name: 'container info, csv by Accept, a JSON-notation text/csv body (the spec samples)',
    expected: '200 csv',
    method: 'POST',
    path: containersInfo('cms'),
    headers: { Accept: 'text/csv', 'Content-Type': 'text/csv' },
    body: JSON.stringify(
      container(page(3), '3b7d1e52-4c3a-4f6e-8d21-9a5c3e7f1b27', 'Cms.Lists.Model.ListItem', [
        'Title',
      ]),
    ),
  },
  jsonRequest(
    '200 html',
    'container info, html by Accept',
    'POST',
    containersInfo('cms'),
    container(page(4), '4b7d1e52-4c3a-4f6e-8d21-9a5c3e7f1b28', 'Cms.News.Model.NewsItem', [
      'Title',
      'Author',
    ]),
    'text/html',
  ),
]
