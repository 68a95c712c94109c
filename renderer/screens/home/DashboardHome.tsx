// Dashboard home: the two count cards and the two 24-hour tables, then the market's health.
import { Button, Card, H3, H5, HTMLTable, NonIdealState, Spinner } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import type { Statistics, StatisticsUser } from '../../../shared/contract/entities.js';
import { market } from '../../bridge.js';
import { formatDateTime } from '../../components/format.js';
import { UserCell } from '../../components/UserCell.js';
import { MarketHealth } from './MarketHealth.js';
import { biddersSubtitle, homePage, homePageCount, signUpsSubtitle } from './home-tables.js';

function StatCard({ title, value, subtitle }: { title: string; value: number; subtitle: string }) {
  return (
    <Card className="stat-card" compact>
      <H5 className="stat-card-title">{title}</H5>
      <div className="stat-card-value">{value.toLocaleString('en-US')}</div>
      <div className="muted">{subtitle}</div>
    </Card>
  );
}

function HomeTable({ title, rows }: { title: string; rows: StatisticsUser[] }) {
  const [page, setPage] = useState(0);
  const pages = homePageCount(rows);
  return (
    <Card className="home-table" compact>
      <H5>{title}</H5>
      <HTMLTable compact striped className="data-table-table" aria-label={title}>
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Date Joined</th>
          </tr>
        </thead>
        <tbody>
          {homePage(rows, page).map((user) => (
            <tr key={user.id}>
              <td>
                <UserCell user={user.userName ? user : null} />
              </td>
              <td>{formatDateTime(user.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
      <div className="data-table-footer">
        <span className="muted">
          Page {page + 1} of {pages}
        </span>
        <span className="data-table-spacer" />
        <Button size="small" icon="chevron-left" disabled={page === 0} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Button size="small" endIcon="chevron-right" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
          Next
        </Button>
      </div>
    </Card>
  );
}

export function DashboardHome() {
  const [stats, setStats] = useState<Statistics | undefined>();
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    void market.admin.statistics
      .get()
      .then((result) => {
        if (!live) return;
        // Statistics failures are logged (the specification), and the screen says they are missing.
        if (result.ok) setStats(result.data);
        else {
          console.error('Error fetching statistics', result.error);
          setFailed(true);
        }
      })
      .catch((error: unknown) => {
        console.error('Error fetching statistics', error);
        if (live) setFailed(true);
      })
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="screen">
      <H3 className="screen-title">Dashboard</H3>
      {failed && <NonIdealState icon="error" title="The statistics could not be loaded" />}
      {loading ? (
        <Spinner aria-label="Loading statistics" />
      ) : (
        stats && (
          <>
            <div className="stat-cards">
              <StatCard
                title="Total Registered Users"
                value={stats.numberOfUsers}
                subtitle={signUpsSubtitle(stats.newSignUpsPast24Hours.length)}
              />
              <StatCard
                title="Total Unique Bidders"
                value={stats.numberOfUniqueBidders}
                subtitle={biddersSubtitle(stats.newBiddersPast24Hours.length)}
              />
            </div>
            <div className="home-tables">
              {stats.newSignUpsPast24Hours.length > 0 && (
                <HomeTable title="New Sign Ups Past 24 Hours" rows={stats.newSignUpsPast24Hours} />
              )}
              {stats.newBiddersPast24Hours.length > 0 && (
                <HomeTable title="New Bidders Past 24 Hours" rows={stats.newBiddersPast24Hours} />
              )}
            </div>
          </>
        )
      )}
      <MarketHealth />
    </section>
  );
}
