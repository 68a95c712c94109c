// A listing's `video` (and trimmed video) as every body that writes one takes it: the market's
// create, edit, draft and bulk payloads and the admin listing edit. The rule is shared/rules/listing-video.ts.
import { isListingVideo, LISTING_VIDEO_MESSAGE } from '../rules/listing-video.js';
import { singleLineText } from './text.js';

export const listingVideo = () => singleLineText().max(2000).refine(isListingVideo, LISTING_VIDEO_MESSAGE);
