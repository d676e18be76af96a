import { get } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

// Runs in a worker thread beside a test that reads a large answer: it times `GET
// /__mock/settings` every 20 ms on an event loop of its own, so the figures are the mock's
// delays and not those of the thread that takes in the large answer. Posts 'probing' once its
// first probe is answered, and its latencies (ms) when sent 'stop'.

const { origin } = workerData as { origin: string }
const latencies: number[] = []
let running = true

function once(): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    get(`${origin}/__mock/settings`, (response) => {
      response.resume()
      response.once('end', () => {
        if (response.statusCode !== 200) reject(new Error(`probe: ${response.statusCode}`))
        else resolve(performance.now() - started)
      })
    }).once('error', reject)
  })
}

parentPort?.once('message', () => {
  running = false
})
while (running) {
  latencies.push(await once())
  if (latencies.length === 1) parentPort?.postMessage('probing')
  await new Promise((resolve) => setTimeout(resolve, 20))
}
parentPort?.postMessage(latencies)
