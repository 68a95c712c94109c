// The Ratings table's fallbacks.
import type { Rating } from '../../../shared/contract/entities.js';

export const rateOf = (rating: Pick<Rating, 'rate'>): string =>
  rating.rate === null ? 'No rate' : `${rating.rate} / 5`;
export const commentOf = (rating: Pick<Rating, 'experience'>): string =>
  rating.experience && rating.experience.trim() !== '' ? rating.experience : 'No comment';
