import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  browserStart,
  playwrightConfig,
  playwrightSessionExpired,
  playwrightSpec,
  storybookModule,
  storybookPreview,
  storybookStaticDirs,
  vitePluginImport,
  vitestSetup,
} from '../../src/tools/init/recipes.ts'
import { projectRoot } from '../support/index.ts'

// What a user pastes from the README and what `restapi-mock init` writes are the same text:
// the init test and the consumer test run what init writes, so the README shows tested code.

const readme = readFileSync(join(projectRoot, 'README.md'), 'utf8')
const vitestRecipe = readFileSync(join(projectRoot, 'test/runtimes/vitest-recipe.test.ts'), 'utf8')

describe("the README's recipes", () => {
  it.each([
    ['the development-only browser start', browserStart],
    ["the Storybook preview's mock module (react-vite)", storybookModule('@storybook/react-vite')],
    ['the Storybook preview (react-vite)', storybookPreview('@storybook/react-vite')],
    ["Storybook's staticDirs", storybookStaticDirs('public')],
    [
      'the Vite plugin',
      `${vitePluginImport}\n\nexport default defineConfig({\n  plugins: [restapiMock()],`,
    ],
    ["Playwright's config", playwrightConfig],
    ['the first Playwright test', playwrightSpec],
    ['the Playwright "session expired" test', playwrightSessionExpired],
  ])('show %s as init writes it', (_name, text) => {
    expect(text.length).toBeGreaterThan(20)
    expect(readme).toContain(text)
  })

  it("show Vitest's setup file as init writes it, and as its test runs it", () => {
    expect(vitestSetup).toContain(
      /--- the recipe \(quoted in the README\) ---\n([\s\S]*?)\/\/ --- end of the recipe/.exec(
        vitestRecipe,
      )?.[1],
    )
    expect(readme).toContain(vitestSetup)
  })

  it('show the Vitest recipe as its test runs it', () => {
    const recipe =
      /--- the recipe \(quoted in the README\) ---\n([\s\S]*?)\/\/ --- end of the recipe/.exec(
        vitestRecipe,
      )?.[1]
    expect(recipe?.length).toBeGreaterThan(200)
    expect(readme).toContain(recipe)
  })

  it('reach a first answer from the CLI, the browser and Vitest within the first third', () => {
    const third = readme.slice(0, Math.ceil(readme.length / 3))
    expect(third).toContain('npx restapi-mock')
    expect(third).toContain('curl -s -X PUT http://127.0.0.1:4000/RestApi/comments-api/comments')
    expect(readme.indexOf(browserStart)).toBeLessThan(readme.length / 3)
    expect(readme.indexOf('afterAll(() => server.close())')).toBeGreaterThan(0)
    expect(readme.indexOf('afterAll(() => server.close())')).toBeLessThan(readme.length / 3)
  })

  it('fit in 30 KB', () => {
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(30_000)
  })
})
