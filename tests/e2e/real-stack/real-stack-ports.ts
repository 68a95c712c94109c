// Where the end-to-end stacks listen: apart from a developer's `npm run dev:browser`
// (API 4000, renderer 5173). E2E_PORT_OFFSET moves all three ports, so two checkouts on one
// machine can run Playwright at once without one reusing the other's renderer.
const offset = Number(process.env.E2E_PORT_OFFSET ?? 0);
const apiPort = 4100 + offset;
const rendererPort = 5174 + offset;
const contractRendererPort = 5173 + offset;

export const CONTRACT_RENDERER_URL = `http://127.0.0.1:${contractRendererPort}`;
export const CONTRACT_RENDERER_PORT = contractRendererPort;

export const REAL_STACK = {
  apiPort,
  rendererPort,
  apiHost: `http://127.0.0.1:${apiPort}`,
  rendererUrl: `http://127.0.0.1:${rendererPort}`,
} as const;
