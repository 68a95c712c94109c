import { useEffect, useReducer, useState } from 'react';
import { embeddableVideoUrl } from '../../../shared/rules/listing-video.js';
import { remoteHosts } from '../../components/remote-hosts.js';

/**
 * A listing's video, played in place only when `embeddableVideoUrl` allows it (an https: URL, or
 * our own media storage's); any other stored value (an older row, a bare key) is shown as text,
 * never loaded. Nothing is fetched until the admin presses play (`preload="none"`): opening drawers
 * one after another downloads no video, and an offline desktop asks no host it cannot reach. A
 * video that fails to load says so and names its link; its host is not asked again this session.
 */
export function VideoEmbed({ url, title }: { url: string | null; title: string }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [, hostsChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(() => remoteHosts.subscribe(hostsChanged), []);
  if (!url) return <div className="video-empty muted">No video</div>;
  const src = embeddableVideoUrl(url);
  if (src === null) {
    return (
      <div className="video-empty muted">
        Video not shown (not an https link): <span className="video-text">{url}</span>
      </div>
    );
  }
  if (src === failedSrc || remoteHosts.unreachable(src)) {
    return (
      <div className="video-empty muted" role="status">
        Video could not be loaded: <span className="video-text">{url}</span>
      </div>
    );
  }
  return (
    <video
      className="listing-video"
      src={src}
      title={`Video: ${title}`}
      aria-label={`Video: ${title}`}
      controls
      preload="none"
      onLoadedMetadata={() => remoteHosts.loaded(src)}
      onError={() => {
        remoteHosts.failed(src);
        setFailedSrc(src);
      }}
    />
  );
}
