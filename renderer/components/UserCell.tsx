// A person in a table cell: avatar and userName, or '-' (or the screen's own fallback).
import { useEffect, useReducer, useState } from 'react';
import type { ProfileRef } from '../../shared/contract/entities.js';
import { initialsOf } from './format.js';
import { remoteHosts as hosts } from './remote-hosts.js';

/**
 * The picture, or the initials when there is none or it cannot be loaded (offline, gone, blocked).
 * A host that failed once is not asked again (picture-hosts.ts): no request, no console error.
 */
export function Avatar({ src, name, size = 24 }: { src: string | null; name: string | null; size?: number }) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const [, hostsChanged] = useReducer((n: number) => n + 1, 0);
  useEffect(() => hosts.subscribe(hostsChanged), []);
  return src && src !== failedSrc && hosts.mayLoad(src) ? (
    <img
      className="avatar"
      src={src}
      alt=""
      width={size}
      height={size}
      onLoad={() => hosts.loaded(src)}
      onError={() => {
        hosts.failed(src);
        setFailedSrc(src);
      }}
    />
  ) : (
    <span className="avatar avatar-initials" style={{ width: size, height: size, fontSize: size * 0.42 }} aria-hidden>
      {initialsOf(name)}
    </span>
  );
}

export function UserCell({
  user,
  fallback = '-',
}: {
  user: Pick<ProfileRef, 'userName' | 'avatar'> | null | undefined;
  fallback?: string;
}) {
  if (!user) return <span className="muted">{fallback}</span>;
  return (
    <span className="user-cell">
      <Avatar src={user.avatar} name={user.userName} />
      <span>{user.userName ?? '-'}</span>
    </span>
  );
}
