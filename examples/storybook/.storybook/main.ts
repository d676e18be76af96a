import type { StorybookConfig } from '@storybook/html-vite'

// The HTML renderer with Vite: no React in the example. msw-storybook-addon is not listed under
// `addons`: it has no panel, and listing it would add its own preview annotations, whose default
// setup starts msw with msw 2's option name. Its loader, used in preview.ts, is all we need.
const config: StorybookConfig = {
  framework: '@storybook/html-vite',
  stories: ['../stories/*.stories.ts'],
  // The browser example's public folder: msw's worker script, kept in one place.
  staticDirs: ['../../browser/public'],
  // Offline and quiet: no telemetry, no "what's new" fetches.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // Faker's locale data, msw and Storybook's preview make one large chunk: fine for an example.
  // `restapi-mock/*` resolve to the sources through tsconfig's paths, as in the tests.
  viteFinal: (vite) => ({
    ...vite,
    resolve: { ...vite.resolve, tsconfigPaths: true },
    build: { ...vite.build, chunkSizeWarningLimit: 2500 },
  }),
}

export default config
