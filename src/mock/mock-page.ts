/** A page the mock answers under `/__mock`: its markup and its answer headers. */
export interface MockPage {
  readonly html: string
  readonly headers: Readonly<Record<string, string>>
}

/**
 * Makes the page `GET /__mock` answers, on its first request: the entry points hand in the
 * dashboard (src/tools/dashboard), so the core carries none of it.
 */
export type MockPageMaker = (page: { readonly basePath: string }) => Promise<MockPage>
