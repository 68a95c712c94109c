// A ring on screen: the graph, the members as a table with their pick boxes (the graph and the
// table pick alike), whether the ring was cut short, the IPs members share (a weak signal) and
// the ring's summed impact.
import { Callout, Checkbox, H6, HTMLTable, Tag } from '@blueprintjs/core';
import type { Ring } from '../../../shared/contract/rings.js';
import { RING_HOPS_MAX, RING_MEMBERS_MAX } from '../../../shared/contract/rings.js';
import { impactFigure, impactLines } from '../../../shared/rules/enforcement-impact.js';
import { formatDateTime } from '../../components/format.js';
import { memberLabel, RingGraph } from '../../components/ring-graph/index.js';
import { ENFORCEMENT_LABELS } from '../accountability/enforcement-form.js';
import { togglePick } from './ring-enforcement.js';
import './rings.css';

export function RingView({
  ring,
  focusId,
  picked,
  onPicked,
  onOpenUser,
  marks,
}: {
  ring: Ring;
  focusId: string | null;
  picked: ReadonlySet<string>;
  onPicked: (picked: Set<string>) => void;
  onOpenUser?: (id: string) => void;
  /** A column of its own for the table (the case: which members bid on the auction). */
  marks?: { label: string; of: (id: string) => string | null };
}) {
  const names = new Map(ring.members.map((member) => [member.id, memberLabel(member)]));
  const all = picked.size === ring.members.length;
  return (
    <div className="ring-view">
      <RingGraph
        members={ring.members}
        links={ring.links}
        focusId={focusId}
        picked={picked}
        onPick={(id) => onPicked(togglePick(picked, id))}
        {...(onOpenUser ? { onOpen: onOpenUser } : {})}
      />
      {ring.truncated && (
        <Callout intent="warning" compact className="ring-truncated">
          More accounts are linked than shown: the ring is cut at {RING_HOPS_MAX} hops or {RING_MEMBERS_MAX} accounts.
        </Callout>
      )}
      <HTMLTable compact striped className="ring-members" aria-label="Ring members">
        <thead>
          <tr>
            <th scope="col">
              <Checkbox
                aria-label="Pick every member"
                checked={all}
                indeterminate={picked.size > 0 && !all}
                onChange={() => onPicked(new Set(all ? [] : ring.members.map((member) => member.id)))}
              />
            </th>
            <th scope="col">Account</th>
            <th scope="col">Email</th>
            <th scope="col">Joined</th>
            <th scope="col">Standing</th>
            {marks && <th scope="col">{marks.label}</th>}
          </tr>
        </thead>
        <tbody>
          {ring.members.map((member) => (
            <tr key={member.id} className={picked.has(member.id) ? 'ring-member-picked' : undefined}>
              <td>
                <Checkbox
                  aria-label={`Pick ${memberLabel(member)}`}
                  checked={picked.has(member.id)}
                  onChange={() => onPicked(togglePick(picked, member.id))}
                />
              </td>
              <td>
                {onOpenUser ? (
                  <a href="#" onClick={(event) => (event.preventDefault(), onOpenUser(member.id))}>
                    {memberLabel(member)}
                  </a>
                ) : (
                  memberLabel(member)
                )}
                {member.id === focusId && (
                  <Tag minimal className="ring-focus-tag">
                    this account
                  </Tag>
                )}
              </td>
              <td className="ring-email">{member.email}</td>
              <td>{formatDateTime(member.createdAt)}</td>
              <td>
                {member.enforcement ? (
                  <Tag intent="danger" minimal>
                    {ENFORCEMENT_LABELS[member.enforcement.action]}
                  </Tag>
                ) : (
                  <span className="muted">-</span>
                )}
              </td>
              {marks && <td>{marks.of(member.id) ?? <span className="muted">-</span>}</td>}
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      {ring.sharedIps.length > 0 && (
        <section className="ring-ips" aria-label="Shared IPs">
          <H6>Shared sign-in IPs (a weak signal: never a link by itself)</H6>
          <ul>
            {ring.sharedIps.map((shared) => (
              <li key={shared.ip}>
                <span className="mono">{shared.ip}</span>: {shared.userIds.map((id) => names.get(id) ?? id).join(', ')}{' '}
                <span className="muted">(last {formatDateTime(shared.lastSeenAt)})</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      <section aria-label="Ring impact">
        <H6>Summed impact of the ring</H6>
        <dl className="ring-impact">
          {impactLines('warn', ring.impact).map((line) => (
            <div key={line.key} className={line.count > 0 ? 'ring-impact-some' : undefined}>
              <dt>{line.label}</dt>
              <dd>{impactFigure(line)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
