// A rule's backtest: "Backtest 7/30/90 days" replays the stored events through the rule's current
// version; the answer shows what was evaluated and matched, the matches per day (the app's
// SeriesChart), what later happened to the matches as numbers and as bars (recharts, the app's one
// chart library, in its theme), and samples that open their record's drawer over the editor.
import { Button, ButtonGroup, H5 } from '@blueprintjs/core';
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Backtest, Rule } from '../../../shared/contract/policy.js';
import { market } from '../../bridge.js';
import { useAdminAction } from '../../components/admin-action/index.js';
import { chartTheme } from '../../components/charts/chart-theme.js';
import { SeriesChart, type SeriesSpec } from '../../components/charts/index.js';
import { formatCount, formatDateTime } from '../../components/format.js';
import { useColorMode } from '../../stores/color-mode-store.js';
import { useRecordDrawers } from '../accountability/RecordDrawers.js';
import { BACKTEST_DAY_CHOICES, outcomeBars, sampleActorText, sampleLinkText } from './rules-display.js';

const PER_DAY_SERIES: readonly SeriesSpec<{ date: string; matches: number }>[] = [
  { key: 'matches', label: 'Matches', unit: 'count' },
];

/**
 * The samples, newest last as the stream met them; each opens its record (bid: its auction), named
 * as a moderator knows it, with who did it beside a listing's.
 */
function BacktestSamples({ backtest }: { backtest: Backtest }) {
  const records = useRecordDrawers();
  if (backtest.samples.length === 0) return <p className="rule-muted">No match to show.</p>;
  return (
    <>
      <ul className="rule-samples" aria-label="Sample matches">
        {backtest.samples.map((sample) => {
          const actor = sampleActorText(sample);
          return (
            <li key={`${sample.subjectId}-${sample.at}`}>
              <span className="rule-muted">{formatDateTime(sample.at)}</span>{' '}
              <Button variant="minimal" size="small" ellipsizeText onClick={() => records.open(sample.opens)}>
                {sampleLinkText(sample)}
              </Button>
              {actor && <span className="rule-muted">{actor}</span>}
            </li>
          );
        })}
      </ul>
      {records.drawers}
    </>
  );
}

function OutcomeChart({ backtest }: { backtest: Backtest }) {
  const theme = chartTheme(useColorMode((state) => state.mode));
  const bars = outcomeBars(backtest);
  const tick = { fill: theme.text, fontSize: 11 };
  return (
    <div
      className="rule-outcome-chart"
      role="img"
      aria-label={`Matches by outcome: ${bars.map((bar) => `${bar.label} ${bar.count}`).join(', ')}`}
    >
      <ResponsiveContainer width="100%" height="100%">
        <BarChart data={bars} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }}>
          <CartesianGrid stroke={theme.grid} horizontal={false} />
          <XAxis type="number" allowDecimals={false} tick={tick} stroke={theme.axis} tickLine={false} />
          <YAxis type="category" dataKey="label" width={124} tick={tick} stroke={theme.axis} tickLine={false} />
          <Tooltip
            cursor={{ fill: theme.cursor, fillOpacity: 0.35 }}
            contentStyle={{
              background: theme.tooltipBackground,
              border: `1px solid ${theme.tooltipBorder}`,
              color: theme.text,
              fontSize: 12,
            }}
          />
          <Bar dataKey="count" name="Matches" fill={theme.series[0]} maxBarSize={16} isAnimationActive={false} />
        </BarChart>
      </ResponsiveContainer>
    </div>
  );
}

export function RuleBacktest({
  rule,
  backtest,
  onBacktest,
  mayRun,
}: {
  rule: Rule;
  backtest: Backtest | null;
  onBacktest: (backtest: Backtest) => void;
  mayRun: boolean;
}) {
  const running = useAdminAction();
  const run = async (days: number) => {
    const answer = await running.run(() => market.admin.rules.backtest({ params: { id: rule.id }, body: { days } }), {
      failure: 'Failed to backtest the rule',
    });
    if (answer) onBacktest(answer);
  };
  // A backtest is of one version; a change of name, message or mode keeps it (the server carries
  // it over), so it stays on screen with the version it was made of.
  const current = backtest && backtest.ruleId === rule.id ? backtest : null;
  return (
    <section aria-labelledby="rule-backtest-title" className="rule-section">
      <div className="rule-section-heading">
        <H5 id="rule-backtest-title">Backtest</H5>
        {mayRun && (
          <ButtonGroup aria-label="Backtest">
            {BACKTEST_DAY_CHOICES.map((days) => (
              <Button key={days} loading={running.busy} onClick={() => void run(days)}>
                Backtest {days} days
              </Button>
            ))}
          </ButtonGroup>
        )}
      </div>
      {current ? (
        <div aria-label="Backtest result" role="region">
          <dl className="rule-facts">
            <div>
              <dt>Days</dt>
              <dd>{current.days}</dd>
            </div>
            <div>
              <dt>Events evaluated</dt>
              <dd>{formatCount(current.evaluated)}</dd>
            </div>
            <div>
              <dt>Matches</dt>
              <dd>{formatCount(current.matches)}</dd>
            </div>
            <div>
              <dt>Of version</dt>
              <dd>{current.version}</dd>
            </div>
          </dl>
          {current.version !== rule.version && (
            <p className="rule-muted">
              The rule is now version {rule.version}; backtest again after changing what it judges.
            </p>
          )}
          {current.matches === 0 ? (
            // Empty bars and an empty line over 0..4 say nothing a moderator can read: a sentence does.
            <p className="rule-muted">
              No event of these {current.days} days matches this version: it would have done nothing.
            </p>
          ) : (
            <>
              <div className="rule-outcomes">
                <dl className="rule-outcome-numbers" aria-label="Matches by outcome">
                  {outcomeBars(current).map((bar) => (
                    <div key={bar.outcome}>
                      <dt>{bar.label}</dt>
                      <dd>{formatCount(bar.count)}</dd>
                    </div>
                  ))}
                </dl>
                <OutcomeChart backtest={current} />
              </div>
              <H5 className="rule-subheading">Matches per day</H5>
              <SeriesChart
                rows={current.perDay.map((day) => ({ date: day.day, matches: day.matches }))}
                series={PER_DAY_SERIES}
                label={`Matches per day over ${current.days} days: ${current.matches} in all`}
                height={160}
              />
              <H5 className="rule-subheading">Samples</H5>
              <BacktestSamples backtest={current} />
            </>
          )}
        </div>
      ) : (
        <p className="rule-muted">
          {mayRun
            ? 'No backtest of this version yet. A rule is switched on only after one.'
            : 'No backtest of this version yet.'}
        </p>
      )}
    </section>
  );
}
