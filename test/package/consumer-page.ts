import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { ConsumerProject } from './consumer-project.ts'
import { withDirectoryLock } from './directory-lock.ts'
import { runOrFail } from './run-command.ts'

export interface PageBuild {
  /** The built page (`dist` of the consumer project), with msw's `mockServiceWorker.js`. */
  readonly outDir: string
  /** What `vite build` printed, on stdout and stderr. */
  readonly log: string
}

const logName = '.vite-build.log'

/**
 * The browser recipe (`index.html` and `main.ts` of the fixtures) built by the consumer's own
 * Vite, as `npx vite build` in a user's project builds it. Built once per consumer project: the
 * project's folder is keyed by everything the build reads, so a build it holds is current.
 * @example const { outDir } = await buildPage(await consumerProject())
 */
export async function buildPage(project: ConsumerProject): Promise<PageBuild> {
  const outDir = join(project.dir, 'dist')
  return withDirectoryLock(`${project.dir}.build.lock`, 300_000, async () => {
    if (!existsSync(join(outDir, logName))) {
      const staging = `dist.staging-${process.pid}`
      const { stdout, stderr } = await runOrFail(
        join(project.dir, 'node_modules/.bin/vite'),
        ['build', '--outDir', staging, '--emptyOutDir'],
        { cwd: project.dir },
        180_000,
      )
      writeFileSync(join(project.dir, staging, logName), `${stdout}\n${stderr}`)
      rmSync(outDir, { recursive: true, force: true })
      renameSync(join(project.dir, staging), outDir)
    }
    return { outDir, log: readFileSync(join(outDir, logName), 'utf8') }
  })
}
