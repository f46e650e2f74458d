// The page's solver worker (bundled for the browser by scripts/build-page.mjs): answers each question as it comes, off the page's thread.
import { Answerer, type Question } from './answers.js';

/** The worker's global scope, as much of it as this file uses (the DOM library types the page's scope, not a worker's). */
interface WorkerScope {
  onmessage: ((event: { data: Question }) => void) | null;
  postMessage(message: unknown): void;
}

const scope = globalThis as unknown as WorkerScope;
const answerer = new Answerer();
scope.onmessage = (event) => scope.postMessage(answerer.answer(event.data));
