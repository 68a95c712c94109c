// Where the real-stack project's stack listens: apart from a developer's `npm run dev:browser`
// (API 4000, renderer 5173) and the contract tests' renderer (5173).
const apiPort = 4100;
const rendererPort = 5174;

export const REAL_STACK = {
  apiPort,
  rendererPort,
  apiHost: `http://127.0.0.1:${apiPort}`,
  rendererUrl: `http://127.0.0.1:${rendererPort}`,
} as const;
