// What each stage costs: the mock's pipeline as the Node server runs it (its record, its edge,
// the mock's stages and its own), with the stages named in `WITHOUT` (comma-separated
// `stageOrder` names) left out. `WITHOUT=... npm run bench:instructions -- bench/stage-costs-server.ts`
// counts a request's instructions without them; the difference to the whole is their cost.
import { Hono } from 'hono'
import { serveAsTheCommand } from './serve-as-the-command.ts'
import { operations } from '../handlers/operations.ts'
import { createMock } from '../handlers/create-mock.ts'
import { createStore } from '../src/mock/create-store.ts'
import { mockStages } from '../src/mock/stages.ts'
import { createAccessCheck } from '../src/node/server/access-check.ts'
import { createLargeBodies } from '../src/node/server/large-bodies.ts'
import {
  accessStage,
  edgeRoute,
  largeBodiesStage,
  lastAnswersStage,
  serveFetch,
} from '../src/node/server/node-edge.ts'
import type { AppEnv } from '../src/node/server/mock-of.ts'
import { createAnswerer, type Stage } from '../src/wire/index.ts'

const without = new Set((process.env.WITHOUT ?? '').split(',').filter(Boolean))
const mock = createMock({ store: createStore({ seed: 1 }) })
const limitBytes = mock.config.limits.bodyBytes
const all: Stage[] = [
  ...mockStages({
    sessions: mock.sessions,
    control: mock.control,
    config: mock.config,
    random: Math.random,
  }),
  accessStage({ check: createAccessCheck({ cors: true }), cors: true }),
  largeBodiesStage({ bodies: createLargeBodies({ limitBytes }), limitBytes }),
  lastAnswersStage({ own: undefined, onMiss: 'warn' }),
]
const stages = all.filter(({ name }) => !without.has(name))
// Without sessions, every request works on the one store.
if (!stages.some((stage) => stage.store)) stages.push({ name: 'sessions', store: () => mock.store })
const answer = createAnswerer({
  operations,
  control: async () => undefined,
  config: mock.config,
  stages,
})
const app = new Hono<AppEnv>()
app.all('*', edgeRoute({ answer, cors: true, log: undefined, noticeWorker: undefined }))
serveAsTheCommand(serveFetch(app))
