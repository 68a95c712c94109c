// Team (owner only): every admin with role, last sign-in and status; grant admin rights to an
// existing account by email, change a role, remove the rights, revoke an admin's sessions.
import { Button, Callout, H3, HTMLSelect, HTMLTable, InputGroup, NonIdealState, Spinner } from '@blueprintjs/core';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { ADMIN_ROLES, type AdminRole } from '../../../shared/contract/admin-permissions.js';
import type { TeamMember } from '../../../shared/contract/admin-team-routes.js';
import { market } from '../../bridge.js';
import { useAdminAction, useConfirmedAction, wentThrough } from '../../components/admin-action/index.js';
import { formatDateTime } from '../../components/format.js';
import { memberStatus, ROLE_CHANGE_NOTE, teamOrder } from './team.js';

function GrantForm({ onGranted }: { onGranted: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<AdminRole>('support');
  const action = useAdminAction();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const granted = await action.run(() => market.admin.team.grant({ body: { email: email.trim(), role } }), {
      success: (member) => `Admin rights granted to ${member.email ?? email}`,
      failure: 'Failed to grant admin rights',
    });
    if (granted) {
      setEmail('');
      onGranted();
    }
  };
  return (
    <form className="team-grant" onSubmit={(event) => void submit(event)} aria-label="Grant admin rights">
      <InputGroup
        type="email"
        placeholder="Email of an existing account"
        aria-label="Email"
        value={email}
        onValueChange={setEmail}
        required
      />
      <HTMLSelect aria-label="Role" value={role} onChange={(e) => setRole(e.currentTarget.value as AdminRole)}>
        {ADMIN_ROLES.map((r) => (
          <option key={r} value={r}>
            {r}
          </option>
        ))}
      </HTMLSelect>
      <Button type="submit" intent="primary" loading={action.busy} disabled={!email.trim()}>
        Grant
      </Button>
    </form>
  );
}

function MemberRow({
  member,
  onChanged,
  remove,
  revoke,
}: {
  member: TeamMember;
  onChanged: () => void;
  remove: (member: TeamMember) => void;
  revoke: (member: TeamMember) => void;
}) {
  const action = useAdminAction();
  const who = member.email ?? member.uid;
  const setRole = async (role: AdminRole) => {
    const changed = await action.run(() => market.admin.team.setRole({ params: { uid: member.uid }, body: { role } }), {
      success: `${who} is now ${role}`,
      failure: 'Failed to change the role',
    });
    if (changed) onChanged();
  };
  return (
    <tr>
      <td>{who}</td>
      <td>
        <HTMLSelect
          aria-label={`Role of ${who}`}
          value={member.role ?? ''}
          disabled={action.busy}
          onChange={(e) => void setRole(e.currentTarget.value as AdminRole)}
        >
          {member.role === null && <option value="">(none)</option>}
          {ADMIN_ROLES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </HTMLSelect>
      </td>
      <td>{formatDateTime(member.lastSignInAt)}</td>
      <td>{memberStatus(member)}</td>
      <td>
        <div className="team-actions">
          <Button size="small" onClick={() => revoke(member)}>
            Revoke sessions
          </Button>
          <Button size="small" intent="danger" variant="minimal" onClick={() => remove(member)}>
            Remove
          </Button>
        </div>
      </td>
    </tr>
  );
}

export function TeamScreen() {
  const [members, setMembers] = useState<TeamMember[] | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const load = useCallback(async () => {
    const result = await market.admin.team.list();
    if (result.ok) {
      setMembers(teamOrder(result.data.items));
      setFailed(null);
    } else setFailed(result.error.message);
  }, []);
  useEffect(() => void load(), [load]);

  const remove = useConfirmedAction<TeamMember>(
    {
      title: 'Remove admin rights?',
      body: 'They keep their account but lose the back-office.',
      cancelText: 'Cancel',
      confirmText: 'Remove',
    },
    async (action, member) => {
      const done = await action.run(() => wentThrough(market.admin.team.remove({ params: { uid: member.uid } })), {
        success: `Admin rights removed from ${member.email ?? member.uid}`,
        failure: 'Failed to remove admin rights',
      });
      if (done) await load();
    },
  );
  const revoke = useConfirmedAction<TeamMember>(
    {
      title: 'Revoke sessions?',
      body: 'Their current sign-ins end at once, on every computer.',
      cancelText: 'Cancel',
      confirmText: 'Revoke',
    },
    async (action, member) => {
      await action.run(() => wentThrough(market.admin.team.revokeSessions({ params: { uid: member.uid } })), {
        success: `Sessions of ${member.email ?? member.uid} revoked`,
        failure: 'Failed to revoke sessions',
      });
    },
  );

  return (
    <section className="screen team-screen">
      <H3 className="screen-title">Team</H3>
      <Callout intent="primary" compact>
        {ROLE_CHANGE_NOTE}
      </Callout>
      <GrantForm onGranted={() => void load()} />
      {failed && (
        <NonIdealState icon="error" title="The team could not be loaded" description={failed}>
          <Button onClick={() => void load()}>Retry</Button>
        </NonIdealState>
      )}
      {!failed && members === null && <Spinner aria-label="Loading" />}
      {members && (
        <HTMLTable className="team-table" striped aria-label="Team">
          <thead>
            <tr>
              <th>Email</th>
              <th>Role</th>
              <th>Last sign-in</th>
              <th>Status</th>
              <th aria-label="Actions" />
            </tr>
          </thead>
          <tbody>
            {members.map((member) => (
              <MemberRow
                key={member.uid}
                member={member}
                onChanged={() => void load()}
                remove={remove.ask}
                revoke={revoke.ask}
              />
            ))}
          </tbody>
        </HTMLTable>
      )}
      {remove.dialog}
      {revoke.dialog}
    </section>
  );
}
