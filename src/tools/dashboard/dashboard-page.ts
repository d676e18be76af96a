import { escapeHtml } from '../../wire/index.ts'
import { dashboardBody, dashboardTitle } from './dashboard-body.ts'
import { cspHash, dashboardScript } from './dashboard-script.ts'
import { dashboardSettings } from './dashboard-settings.ts'
import { dashboardStyle } from './dashboard-style.ts'

// One self-contained document: no external scripts, styles, fonts or images, so it works
// offline, behind the service worker and in Storybook alike. The CSP says so to the browser too,
// and allows only the page's own script and style, by their hashes: markup slipped into the
// page could not run or restyle it.
async function contentSecurityPolicy(script: string): Promise<string> {
  return [
    "default-src 'none'",
    `script-src ${await cspHash(script)}`,
    `style-src ${await cspHash(dashboardStyle)}`,
    "connect-src 'self'",
    // `data:` for the page's empty icon, which spares the browser a request for /favicon.ico.
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ')
}

export interface DashboardPage {
  readonly html: string
  /**
   * Its answer headers. The policy is sent as a header too, where `frame-ancestors` counts (a
   * `<meta>` policy ignores it): with `X-Frame-Options` for older browsers, no other site can
   * frame the dashboard and trick a click on reset.
   */
  readonly headers: Readonly<Record<string, string>>
}

/**
 * The dashboard `GET /__mock` serves: counts, a table per collection, the live journal, reset,
 * snapshots, latency and fault settings, the sessions (scenario, login, delete), the proxy and
 * its recordings; one document with no external assets.
 * @example const { html, headers } = await dashboardPage({ basePath: '/RestApi' })
 */
export async function dashboardPage(options: {
  basePath: string
  /** The page's home: the channel its app's tabs answer on (dashboard-settings.ts). */
  channel?: string
}): Promise<DashboardPage> {
  const script = dashboardScript({ ...dashboardSettings, channel: options.channel ?? null })
  const policy = await contentSecurityPolicy(script)
  return {
    html: dashboardHtml({ basePath: escapeHtml(options.basePath), policy, script }),
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `${policy}; frame-ancestors 'none'`,
      'X-Frame-Options': 'DENY',
    },
  }
}

function dashboardHtml(page: { basePath: string; policy: string; script: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${page.policy}">
<title>${dashboardTitle}</title>
<link rel="icon" href="data:,">
<style>${dashboardStyle}</style>
</head>
<body>
${dashboardBody(page.basePath)}
<script>${page.script}</script>
</body>
</html>
`
}
