// The fulfilment module from outside: its routes, the label and shipping-rates ports with their
// local providers, the services orders and tests build on, and the bulk shipping documents'
// background jobs (the worker's sweep, and waiting for them in tests).
export { fulfilmentRoutes, shippingToolRoutes } from './routes.js';
export { applyTrackingUpdate, generateShippingLabel, markShipped, shippingManager } from './fulfilment.js';
export {
  type LabelRequest,
  type LabelResult,
  LabelsUnavailableError,
  localLabels,
  type ShippingLabels,
  unavailableLabels,
} from './labels.js';
export { localShippingRates, type RateQuote, type ShippingRates } from './rates.js';
export type { FulfilmentPorts } from './ports.js';
export { quoteShipping, shippingOptions } from './shipping-quotes.js';
export {
  bulkShippableBySeller,
  shippingDocument,
  shippingDocumentFile,
  shippingDocumentsOf,
  type ShippingDocumentJob,
} from './shipping-documents.js';
export {
  requestShippingDocuments,
  runShippingDocument,
  runUnfinishedShippingDocuments,
  shippingDocumentsSettled,
  startShippingDocumentSweep,
} from './shipping-document-jobs.js';
