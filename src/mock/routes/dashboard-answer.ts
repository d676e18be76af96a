import type { MockConfig } from '../../wire/index.ts'
import type { MockPageMaker } from '../mock-page.ts'
import { fail } from './control-answers.ts'

/**
 * `GET /__mock`: the page the entry point handed in (the dashboard), or a 404 that says there
 * is none, for a mock built without one.
 */
export async function dashboardAnswer(deps: {
  readonly dashboard: MockPageMaker | undefined
  readonly config: MockConfig
}): Promise<Response> {
  if (!deps.dashboard) {
    return fail(404, 'NotFound', 'Failed to show the dashboard: this mock was built without one')
  }
  const { html, headers } = await deps.dashboard({ basePath: deps.config.basePath })
  // A text answer, as every other: nosniff (issue 40, I2).
  return new Response(html, {
    headers: { ...headers, 'X-Content-Type-Options': 'nosniff' },
  })
}
