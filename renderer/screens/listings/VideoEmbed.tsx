import { secureVideoUrl } from '../../../shared/rules/listing-display.js';

/** A listing's video, embedded over https only (http is upgraded; the CSP allows https frames). */
export function VideoEmbed({ url, title }: { url: string | null; title: string }) {
  if (!url) return <div className="video-empty muted">No video</div>;
  return (
    <iframe
      className="listing-video"
      src={secureVideoUrl(url)}
      title={`Video: ${title}`}
      allow="fullscreen; picture-in-picture"
      sandbox="allow-scripts allow-same-origin allow-presentation"
    />
  );
}
