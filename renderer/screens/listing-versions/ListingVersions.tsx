// A listing's version history in its drawer, newest first: who changed what and when, text fields
// as a diff (removed words struck in red, added ones in green), prices and videos as before → after.
import { NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { ListingFieldChange, ListingVersion } from '../../../shared/contract/admin-listing-version-routes.js';
import { formatDateTime } from '../../components/format.js';
import { FIELD_LABELS, isTextChange, textDiff, valueText } from './version-diff.js';
import { useListingVersions } from './useListingVersions.js';
import './listing-versions.css';

function ChangeDiff({ change }: { change: ListingFieldChange }) {
  if (isTextChange(change)) {
    return (
      <p className="version-diff">
        {textDiff(change.before ?? '', change.after ?? '').map((segment, index) =>
          segment.kind === 'removed' ? (
            <del key={index}>{segment.text}</del>
          ) : segment.kind === 'added' ? (
            <ins key={index}>{segment.text}</ins>
          ) : (
            <span key={index}>{segment.text}</span>
          ),
        )}
      </p>
    );
  }
  return (
    <p className="version-diff">
      <del>{valueText(change, change.before)}</del> → <ins>{valueText(change, change.after)}</ins>
    </p>
  );
}

function VersionEntry({ version }: { version: ListingVersion }) {
  return (
    <li className="listing-version" aria-label={`Version ${version.version}`}>
      <div className="listing-version-head">
        <Tag minimal>Version {version.version}</Tag>
        <span>{formatDateTime(version.at)}</span>
        <span className="muted">{version.by ? `by ${version.by.userName ?? version.by.id}` : 'by an admin'}</span>
      </div>
      {version.changes.map((change) => (
        <div key={change.field} className="listing-version-change">
          <span className="listing-version-field">{FIELD_LABELS[change.field]}</span>
          <ChangeDiff change={change} />
        </div>
      ))}
    </li>
  );
}

export function ListingVersions({ listingId, revision }: { listingId: string; revision: unknown }) {
  const { versions, failed } = useListingVersions(listingId, revision);
  if (failed) return <NonIdealState icon="error" title="Could not load the versions" description={failed} />;
  if (!versions) return <Spinner size={20} aria-label="Loading versions" />;
  if (versions.count === 0) return <p className="muted section-empty">Not changed since it was listed</p>;
  return (
    <section aria-label="Version history">
      <p className="muted listing-versions-count">
        {versions.count === 1 ? '1 change' : `${versions.count} changes`}, newest first
        {versions.count > versions.items.length ? ` (the latest ${versions.items.length} shown)` : ''}
      </p>
      <ol className="listing-versions">
        {versions.items.map((version) => (
          <VersionEntry key={version.version} version={version} />
        ))}
      </ol>
    </section>
  );
}
