// Settings: what this computer remembers for the moderator (the opt-in to a system notification
// for each new high-priority case, and each high-priority case that became overdue), and the
// review queue's team settings and macros, and what each seller level does.
import { Callout, H3, Switch } from '@blueprintjs/core';
import { setAlertsEnabled, useAlerts } from '../review/high-priority-alerts.js';
import { ReviewQueueSettings } from './ReviewQueueSettings.js';
import { SellerLevelSettings } from './SellerLevelSettings.js';

export function SettingsScreen() {
  const { enabled, permission } = useAlerts();
  return (
    <section className="screen">
      <H3 className="screen-title">Settings</H3>
      <Switch
        checked={enabled}
        disabled={permission === 'unsupported' || permission === 'denied'}
        label="Notify me of each new high-priority case"
        onChange={() => void setAlertsEnabled(!enabled)}
      />
      {permission === 'denied' && (
        <Callout intent="warning" compact>
          Notifications are blocked for this app in the system settings.
        </Callout>
      )}
      {permission === 'unsupported' && <Callout compact>This window cannot show system notifications.</Callout>}
      <ReviewQueueSettings />
      <SellerLevelSettings />
    </section>
  );
}
