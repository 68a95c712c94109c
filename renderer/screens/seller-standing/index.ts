// A seller's standing (the user drawer's "Seller Standing").
export { SellerStandingSection } from './SellerStandingSection.js';
