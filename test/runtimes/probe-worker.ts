import { request } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

// Runs in a worker thread beside a test or bench that moves large downloads through the mock:
// it times normal requests on an event loop of its own, so the figures are the mock's delays and
// not those of the thread that hashes the downloads. Stops and posts its latencies (ms) when
// sent 'stop'.

const { origin, commentKey } = workerData as { origin: string; commentKey: string }
const body = JSON.stringify({ Key: commentKey, Message: 'A normal update' })
const latencies: number[] = []
let running = true

function once(put: boolean): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const sent = request(
      put ? `${origin}/RestApi/comments-api/comments` : `${origin}/__mock/settings`,
      {
        method: put ? 'PUT' : 'GET',
        headers: put
          ? { 'Content-Type': 'application/json', Accept: 'application/json' }
          : { Accept: 'application/json' },
      },
      (response) => {
        response.resume()
        response.once('end', () => {
          if ((response.statusCode ?? 0) >= 300) reject(new Error(`probe: ${response.statusCode}`))
          else resolve(performance.now() - started)
        })
      },
    )
    sent.once('error', reject)
    sent.end(put ? body : undefined)
  })
}

parentPort?.once('message', () => {
  running = false
})

for (let i = 0; running; i++) {
  latencies.push(await once(i % 2 === 1))
  // A normal client's pace, not a flood: the question is how long each one waits.
  await new Promise((resolve) => setTimeout(resolve, 5))
}
parentPort?.postMessage(latencies)
