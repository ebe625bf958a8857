/**
 * The record of leaving the exam in the back office's results lists: a badge per result (how often, how long) and
 * the filter to the attempts that have such records. Information for institutes and admins, never a penalty.
 */
import { Badge, chakra } from 'shared-ui';
import { formatNumber, i18n, type LeaveSummary } from 'shared-api';
import { leaveDuration, leaveText } from 'shared-api/leaves';

/** a column header (English: the table translates it, CSV files keep it) */
export const LEFT_HEADER = /*i18n*/ 'Left the exam';

/** "3× · 2 min 10 s" with the whole sentence for screen readers and on hover; a dash when the student never left. */
export function LeftBadge({ leaves }: { leaves: LeaveSummary | undefined }) {
  if (!leaves?.count) return <chakra.span color="fg.muted" aria-label={i18n._('Did not leave the exam')}>—</chakra.span>;
  return (
    <Badge colorPalette="orange" title={leaveText(leaves)} aria-label={leaveText(leaves)} data-testid="left-badge">
      {formatNumber(leaves.count)}× · {leaveDuration(leaves.ms)}
    </Badge>
  );
}

export function LeftFilter({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <chakra.label display="inline-flex" alignItems="center" gap="2" fontSize="sm" cursor="pointer">
      <chakra.input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} w="4" h="4" accentColor="blue.600" />
      {i18n._('Only attempts where the student left the exam')}
    </chakra.label>
  );
}
