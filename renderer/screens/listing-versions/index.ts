// A listing's version history (the listing drawer's "Versions").
export { ListingVersions } from './ListingVersions.js';
