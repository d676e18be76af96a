import { existsSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { parse } from 'jsonc-parser'
import type { Project } from './detect-project.ts'
import { editJson, insertAfterImports, insertIntoObject } from './edit-source.ts'
import type { Collect } from './init-step.ts'
import { storybookModule, storybookPreview, storybookStaticDirs } from './recipes.ts'

type Storybook = NonNullable<Project['storybook']>

/** The Storybook recipe: the mock's preview module, the preview spreading it, staticDirs, tsconfig. */
export function planStorybook(project: Project, storybook: Storybook, collect: Collect): void {
  const folder = dirname(storybook.main)
  const module = join(folder, 'restapi-mock.ts')
  if (existsSync(module)) collect.done.push(`${collect.at(module)} is there`)
  else
    collect.steps.push({
      kind: 'write',
      path: module,
      before: null,
      after: storybookModule(storybook.framework),
      why: "the mock's part of the Storybook preview: its worker, and each story's own data",
    })
  planPreview(storybook, collect)
  planStaticDirs(project, storybook, collect)
  if (project.tsconfig) planTsconfig(project.tsconfig, collect)
}

/** The preview spreads the mock's module in (a preview is written where there is none). */
function planPreview(storybook: Storybook, { steps, done, notes, at }: Collect): void {
  if (!storybook.preview) {
    steps.push({
      kind: 'write',
      path: join(dirname(storybook.main), 'preview.ts'),
      before: null,
      after: storybookPreview(storybook.framework),
      why: 'a preview that spreads the mock in',
    })
    return
  }
  const source = readFileSync(storybook.preview, 'utf8')
  if (source.includes('restapiMock')) {
    done.push(`${at(storybook.preview)} spreads the mock in`)
    return
  }
  const spread = insertIntoObject(
    insertAfterImports(source, "import { restapiMock } from './restapi-mock'", false),
    /(?:const\s+\w+\s*(?::\s*Preview\s*)?=\s*|export\s+default\s+)\{/,
    '...restapiMock,',
  )
  if (spread === null)
    notes.push(
      `${at(storybook.preview)}: found no preview object; spread restapiMock from ./restapi-mock into it by hand`,
    )
  else
    steps.push({
      kind: 'write',
      path: storybook.preview,
      before: source,
      after: spread,
      why: "the preview spreads the mock's loader and beforeEach in",
    })
}

/** Storybook's main serves the folder of msw's worker script (staticDirs). */
function planStaticDirs(
  project: Project,
  storybook: Storybook,
  { steps, done, notes, at }: Collect,
): void {
  const main = readFileSync(storybook.main, 'utf8')
  if (/\bstaticDirs\b/.test(main)) {
    if (main.includes(project.worker.directory))
      done.push(`${at(storybook.main)} serves the worker script`)
    else
      notes.push(
        `${at(storybook.main)} has its own staticDirs: add '../${project.worker.directory}' to them, where msw's worker script is`,
      )
    return
  }
  const served = insertIntoObject(
    main,
    /(?:const\s+\w+\s*(?::\s*StorybookConfig\s*)?=\s*|export\s+default\s+)\{/,
    storybookStaticDirs(project.worker.directory),
  )
  if (served === null)
    notes.push(
      `${at(storybook.main)}: add ${storybookStaticDirs(project.worker.directory)} by hand`,
    )
  else
    steps.push({
      kind: 'write',
      path: storybook.main,
      before: main,
      after: served,
      why: "Storybook serves msw's worker script",
    })
}

/** The project's tsconfig includes .storybook/, so the stories' typed parameters are checked. */
function planTsconfig(tsconfig: string, { steps, done, at }: Collect): void {
  const text = readFileSync(tsconfig, 'utf8')
  const include = (parse(text) as { include?: string[] } | undefined)?.include ?? []
  if (include.some((entry) => entry.startsWith('.storybook')))
    done.push(`${at(tsconfig)} includes .storybook/`)
  else
    steps.push({
      kind: 'write',
      path: tsconfig,
      before: text,
      after: editJson(text, ['include'], [...include, '.storybook/*.ts']),
      why: "TypeScript checks the stories' typed parameters",
    })
}
