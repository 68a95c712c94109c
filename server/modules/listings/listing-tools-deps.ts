// What the listing tools need from outside the database: media storage, video processing,
// autofill suggestions and the origin of share links. Each is a port; the embedded defaults
// (`localListingTools`) run on one node with no provider.
import { randomBytes } from 'node:crypto';
import { localMediaStorage } from '../../platform/media/local-media-storage.js';
import type { MediaStorage } from '../../platform/media/media-storage.js';
import { copyingVideoProcessing, type VideoProcessing } from '../../platform/media/video-processing.js';
import { type ListingAutofill, localListingAutofill } from './listing-autofill.js';

export interface ListingToolsDeps {
  storage: MediaStorage;
  videoProcessing: VideoProcessing;
  autofill: ListingAutofill;
  /** The origin a shared listing's link points at (the buyer app's universal-link domain). */
  appLinkBaseUrl: string;
}

export interface LocalListingToolsOptions {
  uploadsDir?: string;
  /** Signs upload URLs; a random one per process when absent (URLs then die with the process). */
  signingSecret?: string | undefined;
  /** The API's public base, `…/v1`. */
  publicApiUrl?: string;
  appLinkBaseUrl?: string | undefined;
}

export function localListingTools(options: LocalListingToolsOptions = {}): ListingToolsDeps {
  const publicApiUrl = options.publicApiUrl ?? 'http://127.0.0.1:4000/v1';
  const storage = localMediaStorage({
    dir: options.uploadsDir ?? '.data/uploads',
    secret: options.signingSecret ?? randomBytes(32).toString('base64url'),
    publicBaseUrl: publicApiUrl,
  });
  return {
    storage,
    videoProcessing: copyingVideoProcessing(storage),
    autofill: localListingAutofill(),
    appLinkBaseUrl: (options.appLinkBaseUrl ?? new URL(publicApiUrl).origin).replace(/\/+$/, ''),
  };
}
