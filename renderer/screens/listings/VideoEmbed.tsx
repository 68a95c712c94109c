import { embeddableVideoUrl } from '../../../shared/rules/listing-video.js';

/**
 * A listing's video, framed only when `embeddableVideoUrl` allows it (an https: URL, or our own
 * media storage's); any other stored value (an older row, a bare key) is shown as text, never loaded.
 */
export function VideoEmbed({ url, title }: { url: string | null; title: string }) {
  if (!url) return <div className="video-empty muted">No video</div>;
  const src = embeddableVideoUrl(url);
  if (src === null) {
    return (
      <div className="video-empty muted">
        Video not shown (not an https link): <span className="video-text">{url}</span>
      </div>
    );
  }
  return (
    <iframe
      className="listing-video"
      src={src}
      title={`Video: ${title}`}
      allow="fullscreen; picture-in-picture"
      sandbox="allow-scripts allow-same-origin allow-presentation"
    />
  );
}
