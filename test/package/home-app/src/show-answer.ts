/** Puts an answer on the page, and marks the page done for the test. */
export function showAnswer(status: number, text: string): void {
  document.querySelector('#status')!.textContent = String(status)
  document.querySelector('#answer')!.textContent = text
  document.body.dataset.done = 'true'
}
