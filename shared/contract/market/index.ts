// The buyer/seller API's request and response schemas, by business area: one import for readers
// that span areas (the OpenAPI test holds every answer to its service).
export * from './accounts.js';
export * from './auctions.js';
export * from './catalogue.js';
export * from './community.js';
export * from './conversations.js';
export * from './fulfilment.js';
export * from './listings.js';
export * from './orders.js';
export * from './payments.js';
