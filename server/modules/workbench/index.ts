// The workbench module from outside: the back office's power tools (CSV exports of every admin
// table, and the CSV stream the market series' export is written with), built over the other
// areas' list sources.
export { workbenchHandlers, type ExportsAbove } from './admin.js';
export { csvStream } from './csv-export.js';
