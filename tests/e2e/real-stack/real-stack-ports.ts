// Where the end-to-end stacks listen: apart from a developer's `npm run dev:browser`
// (API 4000, renderer 5173). E2E_PORT_OFFSET moves every port, so two checkouts on one machine
// can run Playwright at once without one reusing the other's renderer.
//
// The real-stack project runs REAL_STACK_WORKERS workers, each against a stack of its own (API,
// renderer, database). Two by default: since the stacks serve the built renderer (no Vite
// dependency bundling on a fresh clone), three (two workers' and the step-up project's) start side
// by side in under three minutes even at a load of 30 on two cores, and the project takes about a
// quarter less time than on one worker. Stack i listens on the ports of offset E2E_PORT_OFFSET + i,
// so a run takes the offsets E2E_PORT_OFFSET … E2E_PORT_OFFSET + REAL_STACK_WORKERS - 1. The
// step-up project's stack (started with a short ADMIN_STEP_UP_SECONDS, which would make every
// other spec's refund ask for the password) comes after them, at offset
// E2E_PORT_OFFSET + REAL_STACK_WORKERS.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const contractRendererPort = 5173 + offset;

export const CONTRACT_RENDERER_URL = `http://127.0.0.1:${contractRendererPort}`;
export const CONTRACT_RENDERER_PORT = contractRendererPort;

/** How many stacks (and real-stack workers) a run starts: REAL_STACK_WORKERS, 1 to 4; 2 by default. */
export const REAL_STACK_COUNT = Math.min(4, Math.max(1, Number(process.env.REAL_STACK_WORKERS ?? 2) || 2));

export interface RealStackPorts {
  apiPort: number;
  rendererPort: number;
  apiHost: string;
  rendererUrl: string;
}

/** The ports of stack `index` (0-based). */
export function realStackAt(index: number): RealStackPorts {
  const apiPort = 4100 + offset + index;
  const rendererPort = 5174 + offset + index;
  return {
    apiPort,
    rendererPort,
    apiHost: `http://127.0.0.1:${apiPort}`,
    rendererUrl: `http://127.0.0.1:${rendererPort}`,
  };
}

/** The step-up project's stack: the one after the real-stack project's. */
export const STEP_UP_STACK_INDEX = REAL_STACK_COUNT;
/** Its ADMIN_STEP_UP_SECONDS: a sign-in older than this must confirm a refund with the password. */
export const STEP_UP_SECONDS = 8;

/**
 * The stack of this Playwright worker: the one of its parallel index (Playwright sets
 * TEST_PARALLEL_INDEX before it loads a spec, and never gives one index to two workers at once),
 * so no two tests ever share a stack. Outside a worker, stack 0.
 */
export const REAL_STACK: RealStackPorts = realStackAt(Number(process.env.TEST_PARALLEL_INDEX ?? 0) % REAL_STACK_COUNT);

/**
 * Points this worker's REAL_STACK at the step-up stack: called at the top of the step-up spec, the
 * one file of the step-up project (a worker runs one project's files only, so no other spec's
 * worker is moved).
 */
export function useStepUpStack(): void {
  Object.assign(REAL_STACK, realStackAt(STEP_UP_STACK_INDEX));
}
