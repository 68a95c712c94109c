import { Card, H3, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router-dom';
import { mayDo, type UiAction } from '../../shared/contract/admin-permissions.js';
import { useSession } from '../stores/session-store.js';

export interface PlaceholderLink {
  label: string;
  to: string;
  icon: IconName;
  action: UiAction;
  /** One line on what the screen is for. */
  about: string;
}

/**
 * A screen with the specification's placeholder text only (a sidebar group's own route): below it,
 * the group's screens the role may open, so the page is never a blank one.
 */
export function Placeholder({ text, links = [] }: { text: string; links?: readonly PlaceholderLink[] }) {
  const role = useSession((s) => s.user?.adminRole ?? null);
  const shown = links.filter((link) => mayDo(role, link.action));
  return (
    <section className="screen">
      <H3 className="screen-title">{text}</H3>
      {shown.length > 0 && (
        <nav className="placeholder-links" aria-label={text}>
          {shown.map((link) => (
            <Card key={link.to} compact className="placeholder-link">
              <div className="placeholder-link-title">
                <Icon icon={link.icon} /> <Link to={link.to}>{link.label}</Link>
              </div>
              <p className="muted">{link.about}</p>
            </Card>
          ))}
        </nav>
      )}
    </section>
  );
}
