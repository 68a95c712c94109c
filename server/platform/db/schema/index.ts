// Drizzle's view of every table migrations/*.sql create, by business area. The SQL files stay the
// DDL that runs; schema-matches-migrations.test.ts proves this description says the same.
export * from './users.js';
export * from './catalogue.js';
export * from './listings.js';
export * from './auctions.js';
export * from './orders.js';
export * from './fulfilment.js';
export * from './payments.js';
export * from './conversations.js';
export * from './community.js';
export * from './back-office.js';
export * from './list-totals.js';
export * from './accountability.js';
//
// Index columns the migrations sort `DESC` are written `.desc().nullsFirst()`: that is what DESC
// means in PostgreSQL, while drizzle-kit would otherwise write DESC NULLS LAST.
export * from './review-cases.js';
export * from './market-health.js';
export * from './sign-ins.js';
export * from './disputes.js';
export * from './blocks.js';
export * from './policy.js';
export * from './seller-standing.js';
