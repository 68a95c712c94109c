// The video processing port: turns a seller's uploaded listing video into the trimmed rendition
// the apps play in feeds. A production processor (ffmpeg on a worker, or a transcoding service)
// cuts it to the first TRIMMED_VIDEO_SECONDS and re-encodes it.
import type { MediaStorage, StoredMedia } from './media-storage.js';

/** What a production processor keeps of the upload. */
export const TRIMMED_VIDEO_SECONDS = 30;

export interface TrimRequest {
  sourceKey: string;
  /** Where the trimmed rendition goes (a `trimmed-video/` key). */
  targetKey: string;
}

export interface VideoProcessing {
  trim(request: TrimRequest): Promise<StoredMedia>;
}

/**
 * The embedded processor. It has no video codec, so it does NOT cut anything: the "trimmed"
 * rendition is a byte-for-byte copy of the upload under its own key. What is real is the
 * pipeline around it (a separate stored file, the listing's `trimmedVideo`, `updatedVideo`).
 */
export function copyingVideoProcessing(storage: MediaStorage): VideoProcessing {
  return { trim: ({ sourceKey, targetKey }) => storage.copy(sourceKey, targetKey) };
}
