/**
 * One-press periods for a list filtered by dates: this month, last month and this financial year
 * (1 April to 31 March), the same days the dashboard counts in. The chosen one shows pressed.
 */
import Button from '@mui/material/Button';
import ButtonGroup from '@mui/material/ButtonGroup';
import { DASHBOARD_PERIOD_LABELS, type DashboardPeriod } from '@registrar/contract/dashboard';
import { localIsoDate } from '@registrar/contract/enrollment';
import { periodRange } from '@registrar/contract/periods';
import { useDateRange } from '../../shared/ui/resource-list/date-range-filter';

const PRESETS: readonly DashboardPeriod[] = ['month', 'last-month', 'year'];

export function PeriodPresets() {
  const { from, rawTo, setRange } = useDateRange();
  const today = localIsoDate();
  return (
    <ButtonGroup size="small" variant="outlined" aria-label="Periods" sx={{ flexWrap: 'wrap', alignSelf: 'center' }}>
      {PRESETS.map((period) => {
        const range = periodRange(period, today);
        const pressed = from === range.from && rawTo === range.to;
        return (
          <Button
            key={period}
            aria-pressed={pressed}
            variant={pressed ? 'contained' : 'outlined'}
            onClick={() => setRange({ from: range.from, to: range.to })}
          >
            {DASHBOARD_PERIOD_LABELS[period]}
          </Button>
        );
      })}
    </ButtonGroup>
  );
}
