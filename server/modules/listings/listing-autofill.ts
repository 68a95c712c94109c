// The listing autofill port: a suggested title and description for a listing whose video was
// just uploaded (`aiAutofillCompleted`). The embedded default is a plain heuristic over the
// listing's catalogue and packaging data: it does not look at the video and is not a model.
// A production provider (a vision/language model fed the trimmed video) implements the same port.

export interface AutofillFacts {
  title: string;
  listingType: 'default' | 'auction' | 'giveaway';
  categoryTitle: string | null;
  subCategoryTitle: string | null;
  packagingType: string | null;
  weight: number;
  massUnit: string;
  width: number;
  height: number;
  length: number;
  shippingType: string;
}

export interface AutofillSuggestion {
  title: string;
  description: string;
}

export interface ListingAutofill {
  suggest(facts: AutofillFacts): Promise<AutofillSuggestion>;
}

const SALE_WORDS: Record<AutofillFacts['listingType'], string> = {
  default: 'Available to buy now',
  auction: 'Up for auction',
  giveaway: 'Free in a giveaway',
};

/** The seller's own title when they typed one, else one made of the catalogue path. */
function titleOf(facts: AutofillFacts): string {
  if (facts.title.trim() !== '') return facts.title.trim();
  if (facts.subCategoryTitle && facts.categoryTitle) return `${facts.subCategoryTitle} (${facts.categoryTitle})`;
  return facts.subCategoryTitle ?? facts.categoryTitle ?? 'Item for sale';
}

/** The local heuristic: deterministic sentences from what the seller already filled in. */
export function suggestListingText(facts: AutofillFacts): AutofillSuggestion {
  const sentences: string[] = [];
  const where = facts.subCategoryTitle
    ? ` in ${facts.subCategoryTitle}${facts.categoryTitle ? `, ${facts.categoryTitle}` : ''}`
    : facts.categoryTitle
      ? ` in ${facts.categoryTitle}`
      : '';
  sentences.push(`${SALE_WORDS[facts.listingType]}${where}.`);
  const box = facts.width > 0 && facts.height > 0 && facts.length > 0;
  const packed = facts.packagingType ? `a ${facts.packagingType}` : box ? 'a box' : null;
  if (packed || facts.weight > 0) {
    const size = box ? ` of ${facts.length} × ${facts.width} × ${facts.height} in` : '';
    const weight = facts.weight > 0 ? `, ${facts.weight} ${facts.massUnit} packed` : '';
    sentences.push(`Ships in ${packed ?? 'a package'}${size}${weight}.`);
  }
  sentences.push(facts.shippingType === 'buyer_pays' ? 'Shipping is paid by the buyer.' : 'Free shipping.');
  sentences.push('See the video for the exact item and its condition.');
  return { title: titleOf(facts).slice(0, 200), description: sentences.join(' ') };
}

export function localListingAutofill(): ListingAutofill {
  return { suggest: async (facts) => suggestListingText(facts) };
}
