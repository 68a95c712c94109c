// The workbench module from outside: the back office's power tools (CSV exports of every admin
// table), built over the other areas' list sources.
export { workbenchHandlers } from './admin.js';
